import type { Line, Page, Word } from "@/lib/pages/types";
import type { FunsdForm } from "./funsd-forms";

// A FUNSD form as a page read without errors: the annotation's own words and boxes, grouped into
// lines the way OCR groups them (words side by side at one height, left to right). Used to train
// the form-link models on forms whose OCR is not at hand; the OCR'd page is preferred.

const imageWidth = 762;
const imageHeight = 1000;

export function annotatedPage(form: FunsdForm): Page {
  const words = form.entities
    .flatMap((entity) => entity.words)
    .filter((word) => word.text.trim() !== "")
    .map(({ text, box: [left, top, right, bottom] }): Word => ({
      text,
      confidence: 1,
      box: {
        x: left / imageWidth,
        y: top / imageHeight,
        width: (right - left) / imageWidth,
        height: (bottom - top) / imageHeight,
      },
    }))
    .sort((a, b) => a.box.x - b.box.x);
  const lines: Word[][] = [];
  for (const word of words) {
    const middle = word.box.y + word.box.height / 2;
    const line = lines.find((candidate) => {
      const last = candidate.at(-1)!;
      const lastMiddle = last.box.y + last.box.height / 2;
      return (
        Math.abs(lastMiddle - middle) < 0.5 * Math.max(last.box.height, word.box.height) &&
        word.box.x - (last.box.x + last.box.width) < 0.15
      );
    });
    if (line) line.push(word);
    else lines.push([word]);
  }
  lines.sort((a, b) => a[0].box.y - b[0].box.y);
  const ordered = lines.flat();
  let firstWord = 0;
  const pageLines = lines.map((lineWords): Line => {
    const left = Math.min(...lineWords.map((word) => word.box.x));
    const top = Math.min(...lineWords.map((word) => word.box.y));
    const right = Math.max(...lineWords.map((word) => word.box.x + word.box.width));
    const bottom = Math.max(...lineWords.map((word) => word.box.y + word.box.height));
    const line = {
      text: lineWords.map((word) => word.text).join(" "),
      confidence: 1,
      box: { x: left, y: top, width: right - left, height: bottom - top },
      firstWord,
      wordCount: lineWords.length,
    };
    firstWord += lineWords.length;
    return line;
  });
  return {
    pageNumber: 1,
    text: pageLines.map((line) => line.text).join("\n"),
    width: imageWidth,
    height: imageHeight,
    unit: "px",
    words: ordered,
    lines: pageLines,
    blocks: [],
    source: "ocr",
    confidence: 1,
  };
}
