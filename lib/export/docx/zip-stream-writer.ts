import { constants, crc32, createDeflateRaw, deflateRawSync } from "node:zlib";

interface CentralEntry {
  name: Buffer;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

/** Bit 3: sizes and CRC follow the data (data descriptor), so an entry can be written before its end is known; bit 11: UTF-8 names. */
const FLAGS = 0x0808;
const DEFLATE = 8;
// 1980-01-01 00:00 in DOS date and time: the parts carry their own dates where they matter.
const DOS_TIME = 0;
const DOS_DATE = 0x21;

/**
 * Writes a ZIP archive front to back: whole small entries, or an entry whose content comes in
 * pieces and is deflated as it comes, so the archive never has to be held in memory. Keeps only
 * the central directory (a few bytes per entry). Sizes above 4 GB (ZIP64) are not supported.
 */
export class ZipStreamWriter {
  private offset = 0;
  private readonly entries: CentralEntry[] = [];

  /** A whole entry, deflated at once. */
  *file(name: string, data: Uint8Array): Generator<Uint8Array> {
    const compressed = deflateRawSync(data);
    yield* this.entry(name, [compressed], { crc: crc32(data), size: data.byteLength });
  }

  /** An entry whose content is produced piece by piece; each piece is deflated and sent on before the next is asked for. */
  async *streamedFile(name: string, pieces: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
    const nameBytes = Buffer.from(name, "utf8");
    const start = this.offset;
    yield this.emit(localHeader(nameBytes));
    const deflate = createDeflateRaw();
    const output: Buffer[] = [];
    deflate.on("data", (chunk: Buffer) => output.push(chunk));
    const ended = new Promise<void>((resolve, reject) => {
      deflate.on("end", resolve);
      deflate.on("error", reject);
    });
    let crc = 0;
    let size = 0;
    let compressedSize = 0;
    for await (const piece of pieces) {
      crc = crc32(piece, crc);
      size += piece.byteLength;
      deflate.write(piece);
      await new Promise<void>((resolve) => deflate.flush(constants.Z_SYNC_FLUSH, () => resolve()));
      for (const chunk of output.splice(0)) {
        compressedSize += chunk.byteLength;
        yield this.emit(chunk);
      }
    }
    deflate.end();
    await ended;
    for (const chunk of output.splice(0)) {
      compressedSize += chunk.byteLength;
      yield this.emit(chunk);
    }
    yield this.emit(dataDescriptor(crc, compressedSize, size));
    this.entries.push({ name: nameBytes, crc, compressedSize, size, offset: start });
  }

  /** The central directory and its end record. */
  *finish(): Generator<Uint8Array> {
    const start = this.offset;
    for (const entry of this.entries) yield this.emit(centralHeader(entry));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    yield this.emit(end);
  }

  private *entry(name: string, compressed: Uint8Array[], facts: { crc: number; size: number }): Generator<Uint8Array> {
    const nameBytes = Buffer.from(name, "utf8");
    const start = this.offset;
    yield this.emit(localHeader(nameBytes));
    let compressedSize = 0;
    for (const chunk of compressed) {
      compressedSize += chunk.byteLength;
      yield this.emit(chunk);
    }
    yield this.emit(dataDescriptor(facts.crc, compressedSize, facts.size));
    this.entries.push({ name: nameBytes, crc: facts.crc, compressedSize, size: facts.size, offset: start });
  }

  private emit(bytes: Uint8Array): Uint8Array {
    this.offset += bytes.byteLength;
    return bytes;
  }
}

function localHeader(name: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(DOS_TIME, 10);
  header.writeUInt16LE(DOS_DATE, 12);
  // CRC and sizes stay 0 here: the data descriptor after the data has them.
  header.writeUInt16LE(name.byteLength, 26);
  return Buffer.concat([header, name]);
}

function dataDescriptor(crc: number, compressedSize: number, size: number): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc >>> 0, 4);
  descriptor.writeUInt32LE(compressedSize, 8);
  descriptor.writeUInt32LE(size, 12);
  return descriptor;
}

function centralHeader(entry: CentralEntry): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(20, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(DEFLATE, 10);
  header.writeUInt16LE(DOS_TIME, 12);
  header.writeUInt16LE(DOS_DATE, 14);
  header.writeUInt32LE(entry.crc >>> 0, 16);
  header.writeUInt32LE(entry.compressedSize, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.byteLength, 28);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}
