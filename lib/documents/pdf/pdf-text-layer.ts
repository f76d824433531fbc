import type { PDFPageProxy } from "pdfjs-dist/types/src/display/api";
import type { TextItem } from "pdfjs-dist/types/src/display/api";
import { clampBox, layoutFromWords, type AssembledLayout } from "../layout";
import type { Word } from "../types";

// pdfjs gives text runs (often several words) with a transform; words are cut from each run with
// widths shared out by character count, and runs that continue a word (kerning splits) are joined.

interface PositionedWord {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

function splitRun(item: TextItem, viewportTransform: number[], multiply: (a: number[], b: number[]) => number[]): PositionedWord[] {
  const [, , c, d, x, baseline] = multiply(viewportTransform, item.transform);
  const fontHeight = Math.hypot(c, d) || item.height;
  const scale = Math.hypot(viewportTransform[0], viewportTransform[1]);
  const runWidth = item.width * scale;
  const charWidth = item.str.length > 0 ? runWidth / item.str.length : 0;
  const words: PositionedWord[] = [];
  const pattern = /\S+/g;
  for (let match = pattern.exec(item.str); match; match = pattern.exec(item.str)) {
    words.push({
      text: match[0],
      left: x + match.index * charWidth,
      right: x + (match.index + match[0].length) * charWidth,
      top: baseline - fontHeight * 0.85,
      bottom: baseline + fontHeight * 0.2,
    });
  }
  return words;
}

export interface PdfTextLayer extends AssembledLayout {
  width: number;
  height: number;
}

export async function readPdfTextLayer(page: PDFPageProxy, multiply: (a: number[], b: number[]) => number[]): Promise<PdfTextLayer> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const positioned: PositionedWord[] = [];
  let previousEndedWithSpace = true;
  for (const item of content.items) {
    if (!("str" in item) || item.str.trim() === "") {
      previousEndedWithSpace = true;
      continue;
    }
    const words = splitRun(item, viewport.transform, multiply);
    const first = words[0];
    const previous = positioned.at(-1);
    const continues =
      previous &&
      !previousEndedWithSpace &&
      !/^\s/.test(item.str) &&
      Math.abs(first.bottom - previous.bottom) < (previous.bottom - previous.top) * 0.3 &&
      first.left - previous.right < (previous.bottom - previous.top) * 0.15 &&
      first.left >= previous.left;
    if (continues && previous) {
      previous.text += first.text;
      previous.right = Math.max(previous.right, first.right);
      words.shift();
    }
    positioned.push(...words);
    previousEndedWithSpace = /\s$/.test(item.str) || Boolean(item.hasEOL);
  }
  const words: Word[] = positioned.map((word) => ({
    text: word.text,
    confidence: 1,
    box: clampBox({
      x: word.left / viewport.width,
      y: word.top / viewport.height,
      width: (word.right - word.left) / viewport.width,
      height: (word.bottom - word.top) / viewport.height,
    }),
  }));
  return { ...layoutFromWords(words), width: viewport.width, height: viewport.height };
}

/** A text layer worth using: enough letters or digits, not a font-encoding mess. */
export function isUsableTextLayer(text: string): boolean {
  const compact = text.replace(/\s+/g, "");
  if (compact.length < 8) return false;
  const readable = (compact.match(/[\p{L}\p{N}\p{P}\p{S}]/gu) ?? []).length;
  return readable / compact.length > 0.9;
}
