import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// A real HEIC (HEVC inside) for tests, made by libheif's own encoder `heif-enc` (Debian package
// libheif-examples). No npm package encodes HEIC, so tests that need one skip when it is absent.

export function hasHeifEncoder(): boolean {
  return spawnSync("sh", ["-c", "command -v heif-enc"]).status === 0;
}

export function encodeHeic(png: Buffer): Buffer {
  const folder = mkdtempSync(path.join(os.tmpdir(), "docsvc-heic-"));
  try {
    const input = path.join(folder, "in.png");
    const output = path.join(folder, "out.heic");
    writeFileSync(input, png);
    execFileSync("heif-enc", ["--quality", "90", input, "-o", output], { stdio: "ignore" });
    return readFileSync(output);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
