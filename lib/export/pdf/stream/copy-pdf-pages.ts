import {
  PDFArray,
  PDFCatalog,
  PDFDict,
  PDFDocument,
  PDFInvalidObject,
  PDFName,
  PDFPageLeaf,
  PDFPageTree,
  PDFRef,
  PDFStream,
  type PDFObject,
} from "pdf-lib";
import { type PdfDictionary, type PdfStreamWriter, ref } from "./pdf-stream-writer";

/** Page entries a page may take from its ancestors in the page tree; copied onto the page itself. */
const INHERITED = ["Resources", "MediaBox", "CropBox", "Rotate"].map((key) => PDFName.of(key));
const PARENT = PDFName.of("Parent");
const LENGTH = PDFName.of("Length");
/** Small objects per object stream: as pdf-lib writes them; a few kilobytes held at most. */
const BATCH = 50;

/**
 * Copies pages of one parsed PDF into a streamed output as they are (content streams, fonts, images,
 * annotations), object by object: each object reachable from the page is written as soon as the page
 * is copied, under a new number, and only the source → output numbering is kept, so an object shared
 * by pages (a font, a logo) is written once however many pages use it. Streams are written at once;
 * the small objects (page dictionaries, font dictionaries) wait for up to BATCH of them to go into
 * one compressed object stream, which keeps the copy near the source's size.
 *
 * The page's /Parent is not followed (it would bring the whole source page tree); the page gets the
 * output's page tree instead, with what it inherited from its ancestors moved onto it. A reference to
 * another page (a link's destination, a widget's /P) points to that page's copy when it is copied, and
 * to null otherwise (see finish); page-tree nodes and the catalog become null.
 */
export class PdfPageCopier {
  private readonly numbers = new Map<string, number>();
  /** Output numbers given to other pages of the source before they were copied. */
  private readonly awaited = new Map<string, number>();
  private readonly queue: PDFRef[] = [];
  private batch: { objectNumber: number; body: string }[] = [];

  private constructor(
    private readonly source: PDFDocument,
    private readonly writer: PdfStreamWriter,
    private readonly pages: { node: PDFPageLeaf; tag: string }[],
  ) {}

  /** A copier for the PDF's pages, or null when it cannot copy them (unparseable, encrypted, no page tree). */
  static async open(bytes: Uint8Array, writer: PdfStreamWriter): Promise<PdfPageCopier | null> {
    try {
      const source = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
      // Encrypted streams would be copied still encrypted, without the key to read them.
      if (source.isEncrypted) return null;
      const pages = source.getPages().map((page) => ({ node: page.node, tag: page.ref.tag }));
      return new PdfPageCopier(source, writer, pages);
    } catch {
      return null;
    }
  }

  get pageCount(): number {
    return this.pages.length;
  }

  /** Writes page `index` (0-based) and everything it uses not written yet; its object number. */
  copy(index: number, parent: number): number {
    const { node, tag } = this.pages[index];
    const objectNumber = this.awaited.get(tag) ?? this.writer.reserve();
    this.awaited.delete(tag);
    this.numbers.set(tag, objectNumber);
    const entries = node.entries().filter(([key]) => key !== PARENT);
    for (const key of INHERITED) {
      const inherited = node.get(key) ? undefined : node.getInheritableAttribute(key);
      if (inherited) entries.push([key, inherited]);
    }
    this.batch.push({
      objectNumber,
      body: `<< /Parent ${ref(parent)} ${entries.map(([key, value]) => `${key.toString()} ${this.format(value)}`).join(" ")} >>`,
    });
    for (let next = this.queue.shift(); next; next = this.queue.shift()) this.writeSourceObject(next);
    if (this.batch.length >= BATCH) this.flush();
    return objectNumber;
  }

  /** Writes the objects still waiting, and null for pages referred to but never copied (every reserved number is written). */
  finish(): void {
    for (const objectNumber of this.awaited.values()) this.batch.push({ objectNumber, body: "null" });
    this.awaited.clear();
    this.flush();
  }

  private flush(): void {
    this.writer.writeObjectStream(this.batch);
    this.batch = [];
  }

  /** Writes a stream at once; any other object joins the batch for the next object stream. */
  private writeSourceObject(source: PDFRef): void {
    const objectNumber = this.numbers.get(source.tag)!;
    const value = this.source.context.lookup(source);
    if (!(value instanceof PDFStream)) {
      this.batch.push({ objectNumber, body: value ? this.format(value) : "null" });
      return;
    }
    const dictionary: PdfDictionary = {};
    for (const [key, entry] of value.dict.entries())
      if (key !== LENGTH) dictionary[key.toString().slice(1)] = this.format(entry);
    // Copied still encoded (its /Filter says how); the writer sets /Length.
    this.writer.writeStream(objectNumber, dictionary, value.getContents(), { compress: false });
  }

  /** The value as PDF text, its references renumbered (objects not seen yet are queued to be written). */
  private format(value: PDFObject): string {
    if (value instanceof PDFRef) return this.numberFor(value);
    if (value instanceof PDFDict)
      return `<< ${value
        .entries()
        .map(([key, entry]) => `${key.toString()} ${this.format(entry)}`)
        .join(" ")} >>`;
    if (value instanceof PDFArray)
      return `[${value
        .asArray()
        .map((entry) => this.format(entry))
        .join(" ")}]`;
    // A stream can only be referred to; an object pdf-lib could not parse is dropped.
    if (value instanceof PDFStream || value instanceof PDFInvalidObject) return "null";
    return value.toString();
  }

  private numberFor(source: PDFRef): string {
    const known = this.numbers.get(source.tag) ?? this.awaited.get(source.tag);
    if (known !== undefined) return ref(known);
    const target = this.source.context.lookup(source);
    if (target instanceof PDFPageTree || target instanceof PDFCatalog) return "null";
    const objectNumber = this.writer.reserve();
    if (target instanceof PDFPageLeaf) {
      this.awaited.set(source.tag, objectNumber);
    } else {
      this.numbers.set(source.tag, objectNumber);
      this.queue.push(source);
    }
    return ref(objectNumber);
  }
}
