import { pdfTextString } from "./pdf-stream-writer";
import type { ShapedLine } from "./shape-text";
import { num } from "./streamed-pdf";
import { hex4 } from "./subset-font";

export interface TextPlacement {
  /** Text matrix a b c d e f: the start of the baseline at (e, f), turned and scaled by a–d. */
  matrix: [number, number, number, number, number, number];
  size: number;
  /** Horizontal scaling in percent (Tz): fits a word to its box. */
  squeeze?: number;
  /** Invisible (render mode 3, as ocrmypdf draws text over a scan) or drawn in this grey. */
  invisible?: boolean;
  gray?: number;
}

/**
 * A text object drawing a shaped line. The pen moves by the font's widths (the W array); each
 * glyph's advance from shaping is kept with TJ adjustments. Marks (Arabic harakat) are drawn where
 * the font puts them, without shaping's offsets: moving them apart makes text extraction (poppler)
 * split the word, and the shipped fonts place them well on their own. A stand-in for a missing character carries it as
 * ActualText. Everything is relative to one text matrix, so a turned or squeezed word stays whole.
 */
export function textOperators(line: ShapedLine, placement: TextPlacement): string {
  const ops = ["BT", placement.invisible ? "3 Tr" : `${num(placement.gray ?? 0)} g`];
  if (placement.squeeze !== undefined && Math.abs(placement.squeeze - 100) > 0.01)
    ops.push(`${num(placement.squeeze)} Tz`);
  ops.push(`${placement.matrix.map(num).join(" ")} Tm`);
  let array: string[] = [];
  const flush = () => {
    if (array.length > 0) ops.push(`[${array.join(" ")}] TJ`);
    array = [];
  };
  for (const run of line.runs) {
    flush();
    ops.push(`/${run.font.resourceName} ${num(placement.size)} Tf`);
    for (const glyph of run.glyphs) {
      const adjustment = run.font.widthOf(glyph.id) - glyph.advance;
      const items = [`<${hex4(glyph.id)}>`, ...(Math.abs(adjustment) > 0.01 ? [num(adjustment)] : [])];
      if (!glyph.actualText) {
        array.push(...items);
        continue;
      }
      flush();
      if (glyph.actualText) ops.push(`/Span << /ActualText ${pdfTextString(glyph.actualText)} >> BDC`);
      ops.push(`[${items.join(" ")}] TJ`);
      if (glyph.actualText) ops.push("EMC");
    }
  }
  flush();
  ops.push("ET");
  return ops.join("\n");
}
