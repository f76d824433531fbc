import type { PdfPageCopier } from "./copy-pdf-pages";
import { formatDictionary, PdfStreamWriter, pdfTextString, ref } from "./pdf-stream-writer";
import { ReportFonts } from "./shape-text";

/**
 * A PDF written page by page: each page (its content stream, its images) goes out as soon as it is
 * added; the fonts, the page tree and the catalog are written at the end. Keeps the fonts' used
 * glyphs and one number per page, so memory does not grow with the pages.
 */
export class StreamedPdf {
  private readonly pageNumbers: number[] = [];

  private constructor(
    readonly writer: PdfStreamWriter,
    readonly fonts: ReportFonts,
    private readonly objects: { catalog: number; pages: number; fontDictionary: number; info: number },
  ) {}

  static async create(title: string): Promise<StreamedPdf> {
    const writer = new PdfStreamWriter();
    const objects = {
      catalog: writer.reserve(),
      pages: writer.reserve(),
      fontDictionary: writer.reserve(),
      info: writer.reserve(),
    };
    writer.writeObject(
      objects.info,
      formatDictionary({ Title: pdfTextString(title), Creator: "(docsvc)", Producer: "(docsvc)" }),
    );
    return new StreamedPdf(writer, await ReportFonts.create(writer), objects);
  }

  /** An image XObject whose data is already encoded (dictionary says how); its object number. */
  image(dictionary: Record<string, string | number>, data: Uint8Array): number {
    const objectNumber = this.writer.reserve();
    this.writer.writeStream(objectNumber, { Type: "/XObject", Subtype: "/Image", ...dictionary }, data, {
      compress: false,
    });
    return objectNumber;
  }

  /** A page of this size drawing `content`; images by resource name. */
  addPage(size: { width: number; height: number }, content: string, images: Record<string, number> = {}): void {
    const contents = this.writer.reserve();
    this.writer.writeStream(contents, {}, Buffer.from(content, "latin1"));
    const imageEntries = Object.entries(images).map(([name, objectNumber]) => `/${name} ${ref(objectNumber)}`);
    const resources = [
      `/Font ${ref(this.objects.fontDictionary)}`,
      ...(imageEntries.length > 0 ? [`/XObject << ${imageEntries.join(" ")} >>`] : []),
      "/ProcSet [/PDF /Text /ImageB /ImageC]",
    ];
    const page = this.writer.reserve();
    this.writer.writeObject(
      page,
      formatDictionary({
        Type: "/Page",
        Parent: ref(this.objects.pages),
        MediaBox: `[0 0 ${num(size.width)} ${num(size.height)}]`,
        Resources: `<< ${resources.join(" ")} >>`,
        Contents: ref(contents),
      }),
    );
    this.pageNumbers.push(page);
  }

  /** Page `index` (0-based) of the copier's source PDF, copied as it is (see PdfPageCopier). */
  copyPage(copier: PdfPageCopier, index: number): void {
    this.pageNumbers.push(copier.copy(index, this.objects.pages));
  }

  /** The bytes written so far and not yet taken. */
  drain(): Uint8Array[] {
    return this.writer.drain();
  }

  /** The rest of the file: fonts, page tree, catalog and cross-references. */
  async finish(): Promise<Uint8Array[]> {
    const used = this.fonts.used;
    for (const font of used) await font.write(this.writer);
    this.writer.writeObject(
      this.objects.fontDictionary,
      `<< ${used.map((font) => `/${font.resourceName} ${ref(font.objectNumber)}`).join(" ")} >>`,
    );
    this.writer.writeObject(
      this.objects.pages,
      formatDictionary({
        Type: "/Pages",
        Kids: `[${this.pageNumbers.map(ref).join(" ")}]`,
        Count: this.pageNumbers.length,
      }),
    );
    this.writer.writeObject(
      this.objects.catalog,
      formatDictionary({ Type: "/Catalog", Pages: ref(this.objects.pages) }),
    );
    this.writer.finish({ root: this.objects.catalog, info: this.objects.info });
    return this.writer.drain();
  }
}

/** A number as PDF writes it: at most three decimals. */
export function num(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}
