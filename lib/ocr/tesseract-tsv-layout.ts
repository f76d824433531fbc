import { assembleLayout, clampBox, type AssembledLayout } from "@/lib/pages/layout";
import type { Word } from "@/lib/pages/types";

// tesseract's TSV output (level, page, block, paragraph, line, word, left, top, width, height,
// conf, text) carries every word with its box and confidence and the block → paragraph → line
// tree. tesseract.js's `blocks` output holds the same and more, but building it walks every symbol
// and its alternatives across the WASM boundary: about 1 s of CPU on a dense A4 page, a fifth of
// the page's OCR cost. As in layoutFromTesseract, paragraphs become our blocks.

const wordLevel = "5";

export function layoutFromTsv(tsv: string, width: number, height: number): AssembledLayout {
  const blocks: Word[][][] = [];
  let paragraphKey = "";
  let lineKey = "";
  for (const row of tsv.split("\n")) {
    const cells = row.split("\t");
    if (cells[0] !== wordLevel || cells.length < 12) continue;
    const text = cells.slice(11).join(" ").trim();
    if (text === "") continue;
    const [, , block, paragraph, line, , left, top, wordWidth, wordHeight, confidence] = cells;
    const thisParagraph = `${block}.${paragraph}`;
    const thisLine = `${thisParagraph}.${line}`;
    if (thisParagraph !== paragraphKey) {
      blocks.push([]);
      paragraphKey = thisParagraph;
      lineKey = "";
    }
    const lines = blocks[blocks.length - 1];
    if (thisLine !== lineKey) {
      lines.push([]);
      lineKey = thisLine;
    }
    lines[lines.length - 1].push({
      text,
      confidence: Math.max(0, Math.min(1, Number(confidence) / 100)),
      box: clampBox({
        x: Number(left) / width,
        y: Number(top) / height,
        width: Number(wordWidth) / width,
        height: Number(wordHeight) / height,
      }),
    });
  }
  return assembleLayout(blocks);
}
