import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getConfig } from "@/lib/config";
import { DocumentError } from "@/lib/errors/document-error";

// Legacy and OpenDocument formats go through LibreOffice headless. Each conversion gets its own
// temporary folder and user profile (so conversions can run side by side) and is killed on timeout;
// the folder is removed whatever happens.

const conversionTimeoutMs = 120_000;
export const libreOfficeInstallHint =
  "Install LibreOffice (Debian/Ubuntu: apt-get install --no-install-recommends libreoffice-core libreoffice-writer libreoffice-calc libreoffice-impress) or set SOFFICE_PATH";

export function findSoffice(): string | undefined {
  const configured = getConfig().SOFFICE_PATH;
  if (configured) return existsSync(configured) ? configured : undefined;
  for (const folder of (process.env.PATH ?? "").split(path.delimiter)) {
    for (const name of ["soffice", "libreoffice"]) {
      const candidate = path.join(folder, name);
      if (folder && existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

function run(binary: string, args: string[], timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
      reject(new DocumentError("conversion_timeout", `LibreOffice did not finish within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Convert a document with LibreOffice to `target` (a file extension such as "pdf" or "xlsx"). */
export async function convertWithLibreOffice(
  bytes: Buffer,
  options: { inputExtension: string; target: string; formatName: string },
): Promise<Buffer> {
  const soffice = findSoffice();
  if (!soffice) {
    // The install hint is for the operator (log, /v1/health, /v1/formats); the user is told what they can do.
    console.warn(`docsvc: a ${options.formatName} file could not be read: ${libreOfficeInstallHint}`);
    throw new DocumentError(
      "converter_unavailable",
      `This server cannot read ${options.formatName} files. Convert the file to PDF or DOCX, or ask the administrator to enable LibreOffice.`,
    );
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), "docsvc-convert-"));
  try {
    const input = path.join(folder, `input.${options.inputExtension}`);
    const outputFolder = path.join(folder, "out");
    await writeFile(input, bytes);
    const { code, output } = await run(
      soffice,
      [
        `-env:UserInstallation=file://${path.join(folder, "profile")}`,
        "--headless",
        "--norestore",
        "--nolockcheck",
        "--convert-to",
        options.target,
        "--outdir",
        outputFolder,
        input,
      ],
      conversionTimeoutMs,
    );
    const produced = existsSync(outputFolder) ? await readdir(outputFolder) : [];
    if (code !== 0 || produced.length === 0) {
      throw new DocumentError(
        "conversion_failed",
        `LibreOffice could not convert this ${options.formatName} file${output.trim() ? `: ${output.trim().slice(0, 300)}` : ""}`,
      );
    }
    return await readFile(path.join(outputFolder, produced[0]));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
