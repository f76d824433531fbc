/**
 * Lines of at most maxWidth as `widthOf` measures them: words are kept whole where they fit, longer
 * words (and scripts written without spaces, such as Chinese) are broken between characters. Works
 * on the logical text; each line is put in visual order when drawn.
 */
export function wrapText(text: string, widthOf: (text: string) => number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, "\n").replace(/\t/g, "    ").split("\n")) {
    let line = "";
    let lineWidth = 0;
    for (const token of paragraph.split(/(\s+)/).filter((part) => part !== "")) {
      // Pieces are measured apart (and cached): a line's width is close to the sum of its words'.
      const tokenWidth = widthOf(token);
      if (lineWidth + tokenWidth <= maxWidth) {
        line += token;
        lineWidth += tokenWidth;
        continue;
      }
      if (/^\s+$/.test(token)) {
        lines.push(line);
        line = "";
        lineWidth = 0;
        continue;
      }
      if (line.trim() !== "") lines.push(line.trimEnd());
      line = "";
      lineWidth = 0;
      for (const char of token) {
        const charWidth = widthOf(char);
        if (line !== "" && lineWidth + charWidth > maxWidth) {
          lines.push(line);
          line = "";
          lineWidth = 0;
        }
        line += char;
        lineWidth += charWidth;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}
