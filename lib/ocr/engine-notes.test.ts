import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

// Tesseract writes notes such as "Estimating resolution as N" from its worker threads, twice a page;
// the pool sends them nowhere unless LOG_LEVEL=debug. A child process recognises one page without a
// stored resolution (which makes tesseract estimate one) and the test reads all it printed.
function recognizeOnceAt(logLevel: "info" | "debug"): string {
  const child = spawnSync(
    process.execPath,
    [
      "--experimental-strip-types",
      "--disable-warning=MODULE_TYPELESS_PACKAGE_JSON",
      "--import",
      "./scripts/register-ts-resolve.mjs",
      "lib/ocr/testing/recognize-once.ts",
    ],
    { env: { ...process.env, LOG_LEVEL: logLevel }, encoding: "utf8", timeout: 120_000 },
  );
  expect(child.status, child.stderr).toBe(0);
  return child.stdout + child.stderr;
}

describe("tesseract's own notes", () => {
  it("are not printed at the default info level", () => {
    const output = recognizeOnceAt("info");
    expect(output).toContain("recognised: Caf");
    expect(output).not.toMatch(/Estimating resolution|diacritics|Invalid resolution/);
  });

  it("are printed at debug level", () => {
    expect(recognizeOnceAt("debug")).toMatch(/Estimating resolution as \d+/);
  });
});
