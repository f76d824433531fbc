import { readFile } from "node:fs/promises";
import path from "node:path";
import fontkit, { type Font } from "@pdf-lib/fontkit";
import { StandardFonts, type PDFDocument, type PDFFont } from "pdf-lib";
import { withEvenGlyphLengths } from "./even-glyph-lengths";

// Helvetica (WinAnsi) draws Western European text only. Any other value is drawn with the first of
// these TrueType fonts from npm that has a glyph for each of its characters, embedded as a subset:
// DejaVu Sans for Greek, Cyrillic, Polish, Turkish, Arabic, Hebrew…; Noto Sans SC (Google Fonts'
// cut of Noto Sans CJK) for Chinese and Japanese (Han, kana, and Latin, so mixed values keep one
// font); Noto Sans KR for Korean Hangul, which the SC cut lacks. Only the regular weight is used. The
// files are read from the package folders under process.cwd(), as the other data files are, because
// the Next.js bundler rewrites require.resolve; a font is read only when a value needs it.

export const UNICODE_FONTS = [
  { name: "DejaVu Sans", packageName: "dejavu-fonts-ttf", file: "ttf/DejaVuSans.ttf" },
  {
    name: "Noto Sans SC",
    packageName: "@expo-google-fonts/noto-sans-sc",
    file: "400Regular/NotoSansSC_400Regular.ttf",
  },
  {
    name: "Noto Sans KR",
    packageName: "@expo-google-fonts/noto-sans-kr",
    file: "400Regular/NotoSansKR_400Regular.ttf",
  },
] as const;

export type UnicodeFontName = (typeof UNICODE_FONTS)[number]["name"];

export interface LoadedFont {
  bytes: Buffer;
  /** Parsed once per process, for glyph coverage. */
  glyphs: Font;
}

const loadedFonts = new Map<UnicodeFontName, Promise<LoadedFont>>();

/** A shipped font's bytes (glyphs padded, see even-glyph-lengths) and its parsed form, read once per process. */
export function loadUnicodeFont(source: (typeof UNICODE_FONTS)[number]): Promise<LoadedFont> {
  let loaded = loadedFonts.get(source.name);
  if (!loaded) {
    const file = path.join(process.cwd(), "node_modules", source.packageName, source.file);
    loaded = readFile(file).then(
      (raw) => {
        const bytes = withEvenGlyphLengths(raw);
        return { bytes, glyphs: fontkit.create(bytes) };
      },
      (error: unknown) => {
        loadedFonts.delete(source.name);
        throw new Error(
          `The font ${source.name} for form filling is missing (${file}): run npm install ${source.packageName}`,
          { cause: error },
        );
      },
    );
    loadedFonts.set(source.name, loaded);
  }
  return loaded;
}

export interface FontChoice {
  font: PDFFont;
  /** The embedded font's name; absent for Helvetica. */
  embedded?: UnicodeFontName;
  /** Characters of the text the chosen font has no glyph for: no shipped font has them all. */
  missing: string[];
}

/** The fonts one fill needs: Helvetica always, each Unicode font embedded only when a value needs it. */
export class FillFonts {
  private readonly embedded = new Map<UnicodeFontName, Promise<PDFFont>>();
  private helveticaChars: Set<number> | undefined;

  private constructor(
    private readonly document: PDFDocument,
    readonly helvetica: PDFFont,
  ) {}

  static async create(document: PDFDocument): Promise<FillFonts> {
    return new FillFonts(document, await document.embedFont(StandardFonts.Helvetica));
  }

  /** Whether Helvetica can encode every character of the text. */
  private fitsHelvetica(text: string): boolean {
    this.helveticaChars ??= new Set(this.helvetica.getCharacterSet());
    return [...text.replace(/[\r\n]/g, "")].every((char) => this.helveticaChars!.has(char.codePointAt(0)!));
  }

  private embed(name: UnicodeFontName, bytes: Buffer): Promise<PDFFont> {
    let font = this.embedded.get(name);
    if (!font) {
      this.document.registerFontkit(fontkit);
      font = this.document.embedFont(bytes, { subset: true });
      this.embedded.set(name, font);
    }
    return font;
  }

  /**
   * The font to draw a text with: Helvetica when it can, else the first Unicode font with a glyph for
   * every character, else the one lacking the fewest.
   */
  async fontFor(text: string): Promise<FontChoice> {
    if (this.fitsHelvetica(text)) return { font: this.helvetica, missing: [] };
    const chars = [...new Set(text.replace(/\s/g, ""))];
    let best: { name: UnicodeFontName; bytes: Buffer; missing: string[] } | undefined;
    for (const source of UNICODE_FONTS) {
      const { bytes, glyphs } = await loadUnicodeFont(source);
      const missing = chars.filter((char) => !glyphs.hasGlyphForCodePoint(char.codePointAt(0)!));
      if (!best || missing.length < best.missing.length) best = { name: source.name, bytes, missing };
      if (missing.length === 0) break;
    }
    return { font: await this.embed(best!.name, best!.bytes), embedded: best!.name, missing: best!.missing };
  }
}
