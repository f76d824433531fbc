import type { PDFFont } from "pdf-lib";

/**
 * Lines of at most maxWidth at this size: words are kept whole where they fit, longer words (and
 * scripts written without spaces, such as Chinese) are broken between characters. pdf-lib does no
 * wrapping or bidi, so right-to-left text comes out in logical order, unshaped.
 */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, "\n").replace(/\t/g, "    ").split("\n")) {
    let line = "";
    for (const token of paragraph.split(/(\s+)/).filter((part) => part !== "")) {
      const candidate = line + token;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (/^\s+$/.test(token)) {
        lines.push(line);
        line = "";
        continue;
      }
      if (line.trim() !== "") lines.push(line.trimEnd());
      line = "";
      for (const char of token) {
        if (line !== "" && font.widthOfTextAtSize(line + char, size) > maxWidth) {
          lines.push(line);
          line = "";
        }
        line += char;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}
