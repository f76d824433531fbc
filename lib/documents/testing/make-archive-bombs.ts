import { deflateRawSync } from "node:zlib";
import JSZip from "jszip";

// Hostile office files for tests, written byte by byte so they can lie (declared sizes, entries
// sharing one compressed blob) the way real decompression bombs do. No CRCs: readers that check
// them refuse the file anyway, and the point is what happens before that.

export interface BombEntry {
  name: string;
  /** The entry's content, deflated here; or `compressed` when the deflate stream is given. */
  data?: Buffer | string;
  compressed?: Buffer;
  /** What the directory claims the entry unpacks to (the default is the truth, when known). */
  declaredSize?: number;
  /** Point this entry at another entry's bytes instead of writing its own (overlapping bomb). */
  sameDataAs?: string;
  /** Set the "encrypted" flag, as a password-protected ZIP does. */
  encrypted?: boolean;
}

export function writeZip(entries: BombEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  const offsets = new Map<string, { offset: number; compressedSize: number; size: number }>();
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8");
    let placed = entry.sameDataAs ? offsets.get(entry.sameDataAs) : undefined;
    if (!placed) {
      const raw = entry.data === undefined ? undefined : Buffer.from(entry.data);
      const compressed = entry.compressed ?? deflateRawSync(raw ?? Buffer.alloc(0));
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt16LE(20, 4);
      header.writeUInt16LE(entry.encrypted ? 1 : 0, 6);
      header.writeUInt16LE(8, 8);
      header.writeUInt32LE(compressed.length, 18);
      header.writeUInt32LE(Math.min(entry.declaredSize ?? raw?.length ?? 0, 0xfffffffe), 22);
      header.writeUInt16LE(name.length, 26);
      placed = { offset, compressedSize: compressed.length, size: entry.declaredSize ?? raw?.length ?? 0 };
      locals.push(header, name, compressed);
      offset += header.length + name.length + compressed.length;
      offsets.set(entry.name, placed);
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.encrypted ? 1 : 0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(placed.compressedSize, 20);
    central.writeUInt32LE(Math.min(entry.declaredSize ?? placed.size, 0xfffffffe), 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(placed.offset, 42);
    directory.push(central, name);
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

const wordContentTypes =
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';

/** The outside probe's DOCX: `paragraphs` tiny paragraphs in word/document.xml (2,000,000 → ~200 KB). */
export function paragraphBombDocx(paragraphs: number, text = "AAAA"): Buffer {
  const body = `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${`<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`.repeat(paragraphs)}</w:body></w:document>`;
  return writeZip([
    { name: "[Content_Types].xml", data: wordContentTypes },
    { name: "word/document.xml", data: body },
  ]);
}

/** A DOCX whose one paragraph holds `megabytes` of text (the probe's "300 MB of text" file). */
export function hugeTextDocx(megabytes: number): Buffer {
  const text = Buffer.alloc(megabytes * 1024 * 1024, "A").toString("latin1");
  return paragraphBombDocx(1, text);
}

/** A DOCX whose elements nest `depth` levels (w:tbl inside w:tc inside w:tbl…). */
export function deeplyNestedDocx(depth: number): Buffer {
  const open = "<w:tbl><w:tr><w:tc>".repeat(depth);
  const close = "</w:tc></w:tr></w:tbl>".repeat(depth);
  const body = `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${open}<w:p><w:r><w:t>deep</w:t></w:r></w:p>${close}</w:body></w:document>`;
  return writeZip([
    { name: "[Content_Types].xml", data: wordContentTypes },
    { name: "word/document.xml", data: body },
  ]);
}

/** `megabytes` of zeros as one deflate stream, made a megabyte at a time (1 GB → about 1 MB). */
export function deflatedZeros(megabytes: number): Buffer {
  return deflateRawSync(Buffer.alloc(megabytes * 1024 * 1024), { level: 9 });
}

/**
 * An office package (an existing DOCX/XLSX/PPTX's parts, given as entries) plus a classic bomb: an
 * entry declaring `declaredSize` bytes that inflates to `megabytes` of zeros, listed `copies` times
 * over the same compressed bytes.
 */
export function withBomb(
  parts: BombEntry[],
  options: { name: string; megabytes: number; copies?: number; declaredSize?: number },
): Buffer {
  const compressed = deflatedZeros(options.megabytes);
  const bombs: BombEntry[] = Array.from({ length: options.copies ?? 1 }, (_, index) => ({
    name: index === 0 ? options.name : `${options.name}.${index}`,
    compressed,
    declaredSize: options.declaredSize ?? options.megabytes * 1024 * 1024,
    sameDataAs: index === 0 ? undefined : options.name,
  }));
  return writeZip([...parts, ...bombs]);
}

/** The parts of a real (trusted, test-made) office file, to rebuild it with a bomb inside. */
export async function partsOf(archive: Buffer): Promise<BombEntry[]> {
  const zip = await JSZip.loadAsync(archive);
  const files = Object.values(zip.files).filter((file) => !file.dir);
  return Promise.all(files.map(async (file) => ({ name: file.name, data: await file.async("nodebuffer") })));
}
