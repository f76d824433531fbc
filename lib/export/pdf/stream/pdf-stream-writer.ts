import { deflateSync } from "node:zlib";

/** A PDF value as written: names, numbers, strings and references are passed pre-formatted. */
export type PdfDictionary = Record<string, string | number>;

/** "5 0 R": a reference to object 5. */
export const ref = (objectNumber: number): string => `${objectNumber} 0 R`;

/** A PDF literal string for text outside content streams (titles): UTF-16BE with BOM, hex-encoded. */
export function pdfTextString(text: string): string {
  let hex = "FEFF";
  for (let index = 0; index < text.length; index++) hex += text.charCodeAt(index).toString(16).padStart(4, "0");
  return `<${hex}>`;
}

/** Where an object is: at a byte offset, or inside an object stream (its number and the object's index there). */
type Location = number | { stream: number; index: number };
const RESERVED = -1;

/**
 * Writes a PDF front to back, one object at a time, without holding the file: each object is
 * handed out as bytes as soon as it is written (drain), and only its location is kept for the
 * cross-reference stream. Objects that can only be written at the end (page tree, fonts) get their
 * numbers reserved up front so pages can point to them. Small objects written together can go into
 * one compressed object stream (writeObjectStream), as PDF 1.5 allows.
 */
export class PdfStreamWriter {
  private offset = 0;
  private readonly locations: Location[] = [];
  private pending: Uint8Array[] = [];

  constructor() {
    // The binary comment tells transfer tools the file is binary.
    this.emit(Buffer.from("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n", "latin1"));
  }

  /** A fresh object number, to refer to before the object is written. */
  reserve(): number {
    this.locations.push(RESERVED);
    return this.locations.length;
  }

  writeObject(objectNumber: number, body: string): void {
    this.begin(objectNumber);
    this.emit(Buffer.from(`${objectNumber} 0 obj\n${body}\nendobj\n`, "latin1"));
  }

  /** A stream object, Flate-compressed unless the data is already encoded (dictionary names its Filter). */
  writeStream(objectNumber: number, dictionary: PdfDictionary, data: Uint8Array, options: { compress?: boolean } = {}) {
    const compress = options.compress ?? true;
    const body = compress ? deflateSync(data) : data;
    const entries = { ...dictionary, ...(compress ? { Filter: "/FlateDecode" } : {}), Length: body.byteLength };
    this.begin(objectNumber);
    this.emit(Buffer.from(`${objectNumber} 0 obj\n${formatDictionary(entries)}\nstream\n`, "latin1"));
    this.emit(body);
    this.emit(Buffer.from("\nendstream\nendobj\n", "latin1"));
  }

  /**
   * Objects (not streams), compressed together in one object stream: far smaller than written one
   * by one when they repeat themselves, as page dictionaries do.
   */
  writeObjectStream(objects: { objectNumber: number; body: string }[]): void {
    if (objects.length === 0) return;
    const stream = this.reserve();
    const header: string[] = [];
    const bodies: string[] = [];
    let at = 0;
    objects.forEach(({ objectNumber, body }, index) => {
      this.place(objectNumber, { stream, index });
      header.push(`${objectNumber} ${at}`);
      bodies.push(body);
      at += Buffer.byteLength(body, "latin1") + 1;
    });
    const first = `${header.join(" ")}\n`;
    this.writeStream(
      stream,
      { Type: "/ObjStm", N: objects.length, First: first.length },
      Buffer.from(first + bodies.join("\n") + "\n", "latin1"),
    );
  }

  /** The cross-reference stream (it is also the trailer); every reserved object must have been written. */
  finish(trailer: { root: number; info?: number }): void {
    const missing = this.locations.findIndex((location) => location === RESERVED);
    if (missing >= 0) throw new Error(`PDF object ${missing + 1} was reserved but never written`);
    const xref = this.reserve();
    const start = this.offset;
    // One row per object: type (1 byte), offset or object stream (4 bytes), generation or index (2 bytes).
    const rows = Buffer.alloc((this.locations.length + 1) * 7);
    rows.writeUInt16BE(0xffff, 5);
    this.locations.forEach((written, index) => {
      const location = index === xref - 1 ? start : written;
      const row = (index + 1) * 7;
      if (typeof location === "number") {
        rows.writeUInt8(1, row);
        rows.writeUInt32BE(location, row + 1);
      } else {
        rows.writeUInt8(2, row);
        rows.writeUInt32BE(location.stream, row + 1);
        rows.writeUInt16BE(location.index, row + 5);
      }
    });
    this.writeStream(
      xref,
      {
        Type: "/XRef",
        Size: this.locations.length + 1,
        W: "[1 4 2]",
        Root: ref(trailer.root),
        ...(trailer.info ? { Info: ref(trailer.info) } : {}),
      },
      rows,
    );
    this.emit(Buffer.from(`startxref\n${start}\n%%EOF\n`, "latin1"));
  }

  /** The bytes written since the last drain, to send on. */
  drain(): Uint8Array[] {
    const chunks = this.pending;
    this.pending = [];
    return chunks;
  }

  private begin(objectNumber: number): void {
    this.place(objectNumber, this.offset);
  }

  private place(objectNumber: number, location: Location): void {
    if (this.locations[objectNumber - 1] !== RESERVED)
      throw new Error(`PDF object ${objectNumber} is not reserved or written twice`);
    this.locations[objectNumber - 1] = location;
  }

  private emit(bytes: Uint8Array): void {
    this.pending.push(bytes);
    this.offset += bytes.byteLength;
  }
}

export function formatDictionary(entries: PdfDictionary): string {
  return `<< ${Object.entries(entries)
    .map(([key, value]) => `/${key} ${value}`)
    .join(" ")} >>`;
}
