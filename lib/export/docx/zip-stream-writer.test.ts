import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { ZipStreamWriter } from "./zip-stream-writer";

async function collect(parts: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of parts) chunks.push(Buffer.from(chunk));
  return chunks;
}

async function* pieces(count: number): AsyncGenerator<Uint8Array> {
  for (let index = 0; index < count; index++) yield Buffer.from(`<w:p>piece ${index} – ü 上海</w:p>`, "utf8");
}

describe("ZipStreamWriter", () => {
  it("writes an archive that JSZip and unzip read: whole entries and one streamed in pieces", async () => {
    const zip = new ZipStreamWriter();
    const chunks = [
      ...(await collect(zip.file("[Content_Types].xml", Buffer.from("<Types/>")))),
      ...(await collect(zip.streamedFile("word/document.xml", pieces(2000)))),
      ...(await collect(zip.file("docProps/core.xml", Buffer.from("<core>ä</core>")))),
      ...(await collect(zip.finish())),
    ];
    // The streamed entry went out in many chunks, not as one buffer at the end.
    expect(chunks.length).toBeGreaterThan(100);
    const bytes = Buffer.concat(chunks);
    const read = await JSZip.loadAsync(bytes);
    expect(Object.keys(read.files)).toEqual(["[Content_Types].xml", "word/document.xml", "docProps/core.xml"]);
    const document = await read.file("word/document.xml")!.async("string");
    expect(document.startsWith("<w:p>piece 0 – ü 上海</w:p>")).toBe(true);
    expect(document.endsWith("<w:p>piece 1999 – ü 上海</w:p>")).toBe(true);
    expect(await read.file("docProps/core.xml")!.async("string")).toBe("<core>ä</core>");

    const dir = await mkdtemp(path.join(tmpdir(), "docsvc-zip-"));
    try {
      await writeFile(path.join(dir, "out.zip"), bytes);
      const { stdout } = await promisify(execFile)("unzip", ["-t", path.join(dir, "out.zip")]);
      expect(stdout).toContain("No errors detected");
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
