import { AppError } from "@/lib/errors/app-error";
import type { StoredBoundingBoxes, StoredWord } from "./processing/page-data";

// A person corrects words one at a time in the viewer. The word's text changes where it is stored
// (bounding_boxes.words), the engine's reading is kept beside it as original_text, and the lines',
// blocks' and page's text are rebuilt from the words, so text and boxes never disagree.

export interface WordEdit {
  /** Index into bounding_boxes.words. */
  index: number;
  text: string;
}

/** Page text as the reading engine assembles it: words of a line joined by spaces, lines by newlines, blocks by blank lines. */
export function textFromWords(boxes: Pick<StoredBoundingBoxes, "words" | "lines" | "blocks">): string {
  const lineText = (line: { firstWord: number; wordCount: number }) =>
    boxes.words
      .slice(line.firstWord, line.firstWord + line.wordCount)
      .map((word) => word.text)
      .join(" ");
  if (boxes.blocks.length === 0)
    return boxes.lines.length > 0
      ? boxes.lines.map(lineText).join("\n")
      : boxes.words.map((word) => word.text).join(" ");
  return boxes.blocks
    .map((block) =>
      boxes.lines
        .slice(block.firstLine, block.firstLine + block.lineCount)
        .map(lineText)
        .join("\n"),
    )
    .join("\n\n");
}

/** True when a page text and its words say the same thing (whitespace aside). */
export function textMatchesWords(text: string, words: Array<{ text: string }>): boolean {
  const squash = (value: string) => value.replace(/\s+/g, "");
  return squash(text) === squash(words.map((word) => word.text).join(""));
}

function corrected(word: StoredWord, text: string): StoredWord {
  const original = word.original_text ?? word.text;
  const next: StoredWord = { ...word, text, original_text: original };
  if (original === text) delete next.original_text;
  return next;
}

/** The page's boxes with the edits applied and its text rebuilt from them; a 422 names an index that is not a word. */
export function applyWordEdits(
  boxes: StoredBoundingBoxes,
  edits: WordEdit[],
): { boundingBoxes: StoredBoundingBoxes; extractedText: string } {
  const words = [...boxes.words];
  const issues = edits
    .map((edit, position) => ({ edit, position }))
    .filter(({ edit }) => edit.index >= words.length)
    .map(({ edit, position }) => ({
      loc: ["body", "word_edits", position, "index"],
      msg: `The page has ${words.length} words; there is no word ${edit.index}`,
      type: "value_error",
    }));
  if (issues.length > 0) throw new AppError("validation_error", issues[0].msg, { issues });
  for (const edit of edits) words[edit.index] = corrected(words[edit.index], edit.text);
  const lines = boxes.lines.map((line) => ({
    ...line,
    text: words
      .slice(line.firstWord, line.firstWord + line.wordCount)
      .map((word) => word.text)
      .join(" "),
  }));
  const blocks = boxes.blocks.map((block) => ({
    ...block,
    text: lines
      .slice(block.firstLine, block.firstLine + block.lineCount)
      .map((line) => line.text)
      .join("\n"),
  }));
  const boundingBoxes = { ...boxes, words, lines, blocks };
  return { boundingBoxes, extractedText: textFromWords(boundingBoxes) };
}
