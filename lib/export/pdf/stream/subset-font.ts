import type { Font, Glyph, Subset } from "@pdf-lib/fontkit";
import { formatDictionary, pdfTextString, ref, type PdfStreamWriter } from "./pdf-stream-writer";

/**
 * A TrueType font embedded as a growing subset (Type0 / CIDFontType2, Identity-H, CIDToGIDMap
 * Identity): fontkit's subset numbers glyphs in the order they are first used, so content streams
 * can be written with subset ids at once and the subset itself, its widths and the ToUnicode map
 * (from each glyph's characters, for text extraction) are written at the end. What it keeps grows
 * with the glyphs used, not with the pages.
 */
export class SubsetFont {
  readonly objectNumber: number;
  private readonly subset: Subset;
  /** Per subset glyph id: advance width in 1/1000 em and the text the glyph stands for. */
  private readonly used = new Map<number, { width: number; text: string }>();

  constructor(
    writer: PdfStreamWriter,
    readonly resourceName: string,
    readonly font: Font,
  ) {
    this.objectNumber = writer.reserve();
    this.subset = font.createSubset();
    this.used.set(0, { width: this.toThousandths(font.getGlyph(0).advanceWidth), text: "" });
  }

  /** Font units to 1/1000 em, PDF's glyph space. */
  toThousandths(fontUnits: number): number {
    return (fontUnits * 1000) / this.font.unitsPerEm;
  }

  /** The glyph's id in the subset, including it on first use; `text` overrides the characters it stands for. */
  include(glyph: Glyph, text?: string): number {
    const id = this.subset.includeGlyph(glyph.id);
    const known = this.used.get(id);
    if (!known || (known.text === "" && text))
      this.used.set(id, {
        width: this.toThousandths(glyph.advanceWidth),
        text: text ?? String.fromCodePoint(...glyph.codePoints),
      });
    return id;
  }

  /** The glyph's advance in 1/1000 em as the PDF's W array gives it. */
  widthOf(subsetId: number): number {
    return this.used.get(subsetId)?.width ?? 0;
  }

  /** Writes the subset font file, descriptor, CID font, ToUnicode map and the Type0 font itself. */
  async write(writer: PdfStreamWriter): Promise<void> {
    const fontFile = writer.reserve();
    const descriptor = writer.reserve();
    const cidFont = writer.reserve();
    const toUnicode = writer.reserve();
    const bytes = await encodeSubset(this.subset);
    writer.writeStream(fontFile, { Length1: bytes.byteLength }, bytes);
    // Six letters naming the subset, different per font in the file.
    const baseName = `DOCSV${String.fromCharCode(65 + Number(this.resourceName.slice(1)))}+${(this.font.postscriptName ?? "Font").replace(/[^A-Za-z0-9-]/g, "")}`;
    const scale = (value: number) => Math.round(this.toThousandths(value));
    const bbox = this.font.bbox;
    writer.writeObject(
      descriptor,
      formatDictionary({
        Type: "/FontDescriptor",
        FontName: `/${baseName}`,
        Flags: 4,
        FontBBox: `[${[bbox.minX, bbox.minY, bbox.maxX, bbox.maxY].map(scale).join(" ")}]`,
        ItalicAngle: this.font.italicAngle,
        Ascent: scale(this.font.ascent),
        Descent: scale(this.font.descent),
        CapHeight: scale(this.font.capHeight || this.font.ascent),
        StemV: 80,
        FontFile2: ref(fontFile),
      }),
    );
    const ids = [...this.used.keys()].sort((a, b) => a - b);
    writer.writeObject(
      cidFont,
      formatDictionary({
        Type: "/Font",
        Subtype: "/CIDFontType2",
        BaseFont: `/${baseName}`,
        CIDSystemInfo: "<< /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>",
        FontDescriptor: ref(descriptor),
        W: `[${ids.map((id) => `${id} [${Math.round(this.used.get(id)!.width)}]`).join(" ")}]`,
        CIDToGIDMap: "/Identity",
      }),
    );
    writer.writeStream(toUnicode, {}, Buffer.from(this.toUnicodeCMap(ids), "latin1"));
    writer.writeObject(
      this.objectNumber,
      formatDictionary({
        Type: "/Font",
        Subtype: "/Type0",
        BaseFont: `/${baseName}`,
        Encoding: "/Identity-H",
        DescendantFonts: `[${ref(cidFont)}]`,
        ToUnicode: ref(toUnicode),
      }),
    );
  }

  private toUnicodeCMap(ids: number[]): string {
    const entries = ids
      .filter((id) => this.used.get(id)!.text !== "")
      .map((id) => `<${hex4(id)}> ${pdfTextString(this.used.get(id)!.text).replace(/^<FEFF/, "<")}`);
    const blocks: string[] = [];
    // At most 100 entries per bfchar block.
    for (let first = 0; first < entries.length; first += 100) {
      const block = entries.slice(first, first + 100);
      blocks.push(`${block.length} beginbfchar\n${block.join("\n")}\nendbfchar`);
    }
    return [
      "/CIDInit /ProcSet findresource begin",
      "12 dict begin",
      "begincmap",
      "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
      "/CMapName /Adobe-Identity-UCS def",
      "/CMapType 2 def",
      "1 begincodespacerange",
      "<0000> <FFFF>",
      "endcodespacerange",
      ...blocks,
      "endcmap",
      "CMapName currentdict /CMap defineresource pop",
      "end",
      "end",
    ].join("\n");
  }
}

export const hex4 = (value: number): string => value.toString(16).toUpperCase().padStart(4, "0");

function encodeSubset(subset: Subset): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const parts: Uint8Array[] = [];
    const stream = subset.encodeStream() as ReturnType<Subset["encodeStream"]> & {
      on(event: "error", callback: (error: Error) => void): unknown;
    };
    stream.on("data", (bytes) => parts.push(bytes));
    stream.on("end", () => resolve(Buffer.concat(parts)));
    stream.on("error", reject);
  });
}
