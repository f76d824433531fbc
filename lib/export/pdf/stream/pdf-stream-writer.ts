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

/**
 * Writes a PDF front to back, one object at a time, without holding the file: each object is
 * handed out as bytes as soon as it is written (drain), and only its offset is kept for the
 * cross-reference table. Objects that can only be written at the end (page tree, fonts) get their
 * numbers reserved up front so pages can point to them.
 */
export class PdfStreamWriter {
  private offset = 0;
  private readonly offsets: number[] = [];
  private pending: Uint8Array[] = [];

  constructor() {
    // The binary comment tells transfer tools the file is binary.
    this.emit(Buffer.from("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n", "latin1"));
  }

  /** A fresh object number, to refer to before the object is written. */
  reserve(): number {
    this.offsets.push(-1);
    return this.offsets.length;
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

  /** The cross-reference table and trailer; every reserved object must have been written. */
  finish(trailer: { root: number; info?: number }): void {
    const missing = this.offsets.findIndex((offset) => offset < 0);
    if (missing >= 0) throw new Error(`PDF object ${missing + 1} was reserved but never written`);
    const start = this.offset;
    const rows = this.offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`);
    const info = trailer.info ? ` /Info ${ref(trailer.info)}` : "";
    this.emit(
      Buffer.from(
        `xref\n0 ${this.offsets.length + 1}\n0000000000 65535 f \n${rows.join("")}` +
          `trailer\n<< /Size ${this.offsets.length + 1} /Root ${ref(trailer.root)}${info} >>\nstartxref\n${start}\n%%EOF\n`,
        "latin1",
      ),
    );
  }

  /** The bytes written since the last drain, to send on. */
  drain(): Uint8Array[] {
    const chunks = this.pending;
    this.pending = [];
    return chunks;
  }

  private begin(objectNumber: number): void {
    if (this.offsets[objectNumber - 1] !== -1)
      throw new Error(`PDF object ${objectNumber} is not reserved or written twice`);
    this.offsets[objectNumber - 1] = this.offset;
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
