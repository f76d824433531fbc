import type { Box, Page, Word } from "@/lib/pages/types";

// Where a label's value sits when it is not on the label's own line: OCR often reads a form's
// label column and its value column as separate lines ("COURT:" at the left, "San Francisco
// Superior Court" at the same height further right), and a value may continue over several lines.

export function lineWords(page: Page, lineIndex: number): Word[] {
  const line = page.lines[lineIndex];
  return page.words.slice(line.firstWord, line.firstWord + line.wordCount);
}

const centreY = (box: Box) => box.y + box.height / 2;
const right = (box: Box) => box.x + box.width;

/** A line opening with a label ("ATTN: …") or ending with one: a field of its own, not a value's continuation. */
export function isLabelLine(page: Page, lineIndex: number): boolean {
  return labelEnd(page, lineIndex) !== undefined;
}

/** Where the label opening a line ends (its colon), or undefined when no label opens it. */
function labelEnd(page: Page, lineIndex: number): number | undefined {
  const words = lineWords(page, lineIndex).filter((word) => /[\p{L}\p{N}#]/u.test(word.text));
  const colon = words.slice(0, 5).find((word) => /(?:\p{L}.*|#):$/u.test(word.text));
  if (colon) return right(colon.box);
  return /:$/.test(page.lines[lineIndex].text.trim()) ? right(page.lines[lineIndex].box) : undefined;
}

/** Where the line's text starts, past the rules and box edges OCR reads at its left. */
function textStart(page: Page, lineIndex: number): number {
  return (
    lineWords(page, lineIndex).find((word) => /[\p{L}\p{N}]/u.test(word.text))?.box.x ?? page.lines[lineIndex].box.x
  );
}

/** The nearest unused line to the right of the label on the same row, within half the page width. */
export function lineBeside(page: Page, label: Box, taken: Set<number>): number | undefined {
  let best: { index: number; distance: number } | undefined;
  page.lines.forEach((line, index) => {
    if (taken.has(index) || line.box.x < right(label) - label.height * 0.2) return;
    if (Math.abs(centreY(line.box) - centreY(label)) > Math.max(line.box.height, label.height) * 0.6) return;
    const distance = line.box.x - right(label);
    if (distance > 0.5 || (best && best.distance <= distance)) return;
    best = { index, distance };
  });
  return best?.index;
}

/**
 * Whether a line runs across the value's column between its last line and the next candidate: the
 * next field's row ("Reason: Rabid was selected … and" between "Supplier: Rabid" and "the lack of
 * …"), so the candidate continues that field, not this one.
 */
function crossedBefore(page: Page, { last, next, anchorX }: { last: number; next: number; anchorX: number }): boolean {
  const top = centreY(page.lines[last].box);
  const bottom = centreY(page.lines[next].box);
  return page.lines.some(
    ({ box }, index) =>
      index !== last &&
      index !== next &&
      centreY(box) > top &&
      centreY(box) < bottom &&
      box.x <= anchorX &&
      right(box) > anchorX,
  );
}

/**
 * Lines continuing a value downwards: left-aligned with it (with `anchorX`, where the value starts
 * when it follows its label on the label's line), close below, unused, not labels, and with no
 * label of their own on the same row to their left (that row is the next field's).
 */
export function continuationLines(
  page: Page,
  first: number,
  taken: Set<number>,
  anchorX = textStart(page, first),
): number[] {
  const lines = [first];
  for (;;) {
    const last = page.lines[lines.at(-1)!].box;
    const next = page.lines.findIndex((line, index) => {
      if (taken.has(index) || lines.includes(index)) return false;
      // Below the last line (its centre past the last line's foot: OCR boxes of tall letters overlap), and close.
      const distance = line.box.y - (last.y + last.height);
      return (
        centreY(line.box) > last.y + last.height &&
        distance < last.height * 0.9 &&
        Math.abs(textStart(page, index) - anchorX) < last.height * 1.5
      );
    });
    if (next < 0 || isLabelLine(page, next) || crossedBefore(page, { last: lines.at(-1)!, next, anchorX }))
      return lines;
    const row = page.lines[next].box;
    // A label line's box may run on past the value (margin specks OCR read on its row): its colon counts.
    const labelled = page.lines.some(
      (line, index) =>
        index !== next &&
        Math.abs(centreY(line.box) - centreY(row)) < row.height * 0.6 &&
        (labelEnd(page, index) ?? Infinity) <= row.x,
    );
    if (labelled) return lines;
    lines.push(next);
  }
}

/**
 * The line directly above a label that wraps onto it ("LORILLARD" over "ENTITIES:"): left-aligned,
 * close, unused, in capitals like the label, and alone on its row (a row with something beside it
 * is a field of its own).
 */
export function wrappedLabelAbove(page: Page, lineIndex: number, taken: Set<number>): number | undefined {
  const label = page.lines[lineIndex];
  if (!/\p{Lu}/u.test(label.text) || label.text !== label.text.toUpperCase()) return undefined;
  const above = page.lines.findIndex((line, index) => {
    if (
      index === lineIndex ||
      taken.has(index) ||
      /:/.test(line.text) ||
      line.text !== line.text.toUpperCase() ||
      !/\p{Lu}{2}/u.test(line.text)
    )
      return false;
    const distance = label.box.y - (line.box.y + line.box.height);
    return (
      distance >= -label.box.height * 0.3 &&
      distance < label.box.height * 0.9 &&
      Math.abs(line.box.x - label.box.x) < label.box.height
    );
  });
  if (above < 0) return undefined;
  const row = page.lines[above].box;
  const alone = page.lines.every(
    (line, index) => index === above || Math.abs(centreY(line.box) - centreY(row)) > row.height * 0.6,
  );
  return alone ? above : undefined;
}

/** A value's words (in reading order) split where they drop to the next line. */
export function visualLines(words: Word[]): Word[][] {
  const lines: Word[][] = [];
  for (const word of words) {
    const last = lines.at(-1)?.at(-1);
    if (last && word.box.y < last.box.y + last.box.height / 2) lines.at(-1)!.push(word);
    else lines.push([word]);
  }
  return lines;
}
