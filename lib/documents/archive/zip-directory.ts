import { DocumentError } from "@/lib/errors/document-error";

// The central directory of a ZIP archive, read without inflating anything, so an archive's entry
// count and declared sizes are known before any library unpacks it. Declared sizes can lie: the
// real sizes are measured while inflating (inflate-entry.ts).

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated; others are refused when read. */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  /** As declared by the archive; never trusted as a limit. */
  declaredSize: number;
  localHeaderOffset: number;
}

const endOfDirectorySignature = 0x06054b50;
const zip64LocatorSignature = 0x07064b50;
const zip64EndSignature = 0x06064b50;
const directoryEntrySignature = 0x02014b50;
const localHeaderSignature = 0x04034b50;
const unset32 = 0xffffffff;

function corrupt(detail: string): DocumentError {
  return new DocumentError("corrupt_document", `The file is a damaged ZIP archive (${detail})`);
}

function findEndOfDirectory(bytes: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let offset = bytes.length - 22; offset >= earliest; offset--) {
    if (bytes.readUInt32LE(offset) === endOfDirectorySignature) return offset;
  }
  throw corrupt("no central directory");
}

function readBigSize(bytes: Buffer, offset: number): number {
  const value = bytes.readBigUInt64LE(offset);
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt("a size beyond any real file");
  return Number(value);
}

function directoryLocation(bytes: Buffer, end: number): { count: number; offset: number } {
  let count = bytes.readUInt16LE(end + 10);
  let offset = bytes.readUInt32LE(end + 16);
  const locator = end - 20;
  if (locator >= 0 && bytes.readUInt32LE(locator) === zip64LocatorSignature) {
    const record = readBigSize(bytes, locator + 8);
    if (record + 56 > bytes.length || bytes.readUInt32LE(record) !== zip64EndSignature)
      throw corrupt("bad ZIP64 record");
    count = readBigSize(bytes, record + 32);
    offset = readBigSize(bytes, record + 48);
  }
  return { count, offset };
}

/** ZIP64 sizes live in extra field 0x0001, in this order, only for the fields set to 0xFFFFFFFF. */
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  for (let at = 0; at + 4 <= extra.length;) {
    const id = extra.readUInt16LE(at);
    const size = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      let field = at + 4;
      const next = (): number => {
        if (field + 8 > at + 4 + size) throw corrupt("short ZIP64 field");
        const value = readBigSize(extra, field);
        field += 8;
        return value;
      };
      if (entry.declaredSize === unset32) entry.declaredSize = next();
      if (entry.compressedSize === unset32) entry.compressedSize = next();
      if (entry.localHeaderOffset === unset32) entry.localHeaderOffset = next();
      return;
    }
    at += 4 + size;
  }
}

/**
 * The archive's entries from its central directory. Refuses, before reading them, an archive
 * declaring more than `maxEntries` entries.
 */
export function readZipDirectory(bytes: Buffer, options: { maxEntries: number }): ZipEntry[] {
  if (bytes.length < 22) throw corrupt("too short");
  const end = findEndOfDirectory(bytes);
  const { count, offset } = directoryLocation(bytes, end);
  if (count > options.maxEntries) {
    throw new DocumentError(
      "document_too_large",
      `The document holds ${count.toLocaleString("en")} files inside; at most ${options.maxEntries.toLocaleString("en")} are allowed`,
    );
  }
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== directoryEntrySignature)
      throw corrupt("bad directory entry");
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength + extraLength > bytes.length) throw corrupt("bad directory entry");
    const entry: ZipEntry = {
      name: bytes.toString("utf8", at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      encrypted: (bytes.readUInt16LE(at + 8) & 1) === 1,
      compressedSize: bytes.readUInt32LE(at + 20),
      declaredSize: bytes.readUInt32LE(at + 24),
      localHeaderOffset: bytes.readUInt32LE(at + 42),
    };
    applyZip64Extra(entry, bytes.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    entries.push(entry);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** The compressed bytes of an entry, located through its local header. */
export function entryData(bytes: Buffer, entry: ZipEntry): Buffer {
  const header = entry.localHeaderOffset;
  if (header + 30 > bytes.length || bytes.readUInt32LE(header) !== localHeaderSignature)
    throw corrupt(`bad header for ${entry.name}`);
  const start = header + 30 + bytes.readUInt16LE(header + 26) + bytes.readUInt16LE(header + 28);
  if (start + entry.compressedSize > bytes.length) throw corrupt(`${entry.name} is truncated`);
  return bytes.subarray(start, start + entry.compressedSize);
}
