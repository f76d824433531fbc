import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The text poppler's pdftotext reads from a PDF: an independent reader of what exports write. */
export async function pdfToText(bytes: Uint8Array, options: { layout?: boolean } = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "docsvc-export-"));
  try {
    const file = path.join(dir, "export.pdf");
    await writeFile(file, bytes);
    const { stdout } = await run("pdftotext", [...(options.layout ? ["-layout"] : []), "-enc", "UTF-8", file, "-"], {
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Page `pageNumber` rendered by poppler's pdftoppm as a PNG, to check images in an export are drawn. */
export async function renderPdfPage(bytes: Uint8Array, pageNumber: number, dpi = 40): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), "docsvc-export-"));
  try {
    const file = path.join(dir, "export.pdf");
    await writeFile(file, bytes);
    const { stdout } = await run(
      "pdftoppm",
      ["-r", String(dpi), "-f", String(pageNumber), "-l", String(pageNumber), "-png", file],
      { encoding: "buffer", maxBuffer: 64 * 1024 * 1024 },
    );
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
