import { readFile } from "node:fs/promises";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { StandardFonts, type PDFDocument, type PDFFont } from "pdf-lib";

// Helvetica (WinAnsi) draws Western European text only. Values with other characters (Greek,
// Cyrillic, Polish, Turkish, Arabic, Hebrew…) are drawn with DejaVu Sans, a Unicode font from npm
// (dejavu-fonts-ttf), embedded as a subset. Read from the package folder under process.cwd(), as the
// other data files are, because the Next.js bundler rewrites require.resolve.

let fontBytes: Promise<Buffer> | undefined;

function unicodeFontPath(): string {
  return path.join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf", "DejaVuSans.ttf");
}

export function loadUnicodeFontBytes(): Promise<Buffer> {
  fontBytes ??= readFile(unicodeFontPath()).catch((error: unknown) => {
    fontBytes = undefined;
    throw new Error(`The Unicode font for form filling is missing (${unicodeFontPath()}): run npm install dejavu-fonts-ttf`, { cause: error });
  });
  return fontBytes;
}

/** The fonts one fill needs: Helvetica always, the Unicode font embedded only when a value needs it. */
export class FillFonts {
  private unicode: PDFFont | undefined;
  private helveticaChars: Set<number> | undefined;
  private unicodeChars: Set<number> | undefined;

  private constructor(
    private readonly document: PDFDocument,
    readonly helvetica: PDFFont,
  ) {}

  static async create(document: PDFDocument): Promise<FillFonts> {
    return new FillFonts(document, await document.embedFont(StandardFonts.Helvetica));
  }

  /** Whether Helvetica can encode every character of the text. */
  fitsHelvetica(text: string): boolean {
    this.helveticaChars ??= new Set(this.helvetica.getCharacterSet());
    return [...text.replace(/[\r\n]/g, "")].every((char) => this.helveticaChars!.has(char.codePointAt(0)!));
  }

  async unicodeFont(): Promise<PDFFont> {
    if (!this.unicode) {
      this.document.registerFontkit(fontkit);
      this.unicode = await this.document.embedFont(await loadUnicodeFontBytes(), { subset: true });
    }
    return this.unicode;
  }

  /** Characters of the text the Unicode font has no glyph for (CJK, for instance). */
  async missingGlyphs(text: string): Promise<string[]> {
    const font = await this.unicodeFont();
    this.unicodeChars ??= new Set(font.getCharacterSet());
    return [...new Set([...text.replace(/\s/g, "")].filter((char) => !this.unicodeChars!.has(char.codePointAt(0)!)))];
  }

  /** The font to draw a text with. */
  async fontFor(text: string): Promise<PDFFont> {
    return this.fitsHelvetica(text) ? this.helvetica : this.unicodeFont();
  }
}
