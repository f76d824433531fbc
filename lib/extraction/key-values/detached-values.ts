import { unionBox } from "@/lib/pages/layout";
import type { Word } from "@/lib/pages/types";
import { columnHeads, columnValues } from "./column-values";
import { looksLikeLabel } from "../words/label-words";
import { pairsPerAnswer } from "./answer-lists";
import { emptyPair, makePair } from "./make-pair";
import { claim, freeWords, takenLines, type PageWords } from "./page-words";
import type { KeyValuePair } from "../types";
import { continuationLines, isLabelLine, lineBeside, lineWords, wrappedLabelAbove } from "../words/value-lines";
import { meanWordConfidence, untilWideGap } from "../words/value-words";

// Values of labels left open on their own line ("Label:" and nothing after it): beside the label
// when OCR read the form's label and value columns as separate lines, else below it, in a column.
// Open labels side by side on one row are a header ("Firm:  Phone No.:  Fax No.:") and share
// the rows below between them. A label with no value anywhere gets an empty one.

export interface OpenLabel {
  words: Word[];
  line: number;
}

/** A line beside a label read this unsurely is a stamp or a margin note (a barcode, a fax header). */
const minBesideConfidence = 0.3;

const centreY = (words: Word[]) => {
  const box = unionBox(words.map((word) => word.box));
  return box.y + box.height / 2;
};

/** A capitals label wrapped from the line above it ("OPPOSING" / "PARTIES:"). */
function withWrappedStart(state: PageWords, label: OpenLabel): Word[] {
  if (lineWords(state.page, label.line)[0] !== label.words[0]) return label.words;
  const above = wrappedLabelAbove(state.page, label.line, takenLines(state));
  if (above === undefined) return label.words;
  const words = [...freeWords(state, above), ...label.words];
  if (!looksLikeLabel(words)) return label.words;
  claim(state, words);
  return words;
}

/** The value on a line beside the label, with the lines continuing it. */
function besideValue(state: PageWords, keyWords: Word[]): Word[] | undefined {
  const last = keyWords.at(-1)!.box;
  // Placed against the label's last line, which holds the colon (a wrapped label starts above it).
  const label = unionBox(keyWords.filter((word) => word.box.y >= last.y - last.height / 2).map((word) => word.box));
  const beside = lineBeside(state.page, label, takenLines(state));
  if (
    beside === undefined ||
    isLabelLine(state.page, beside) ||
    meanWordConfidence(freeWords(state, beside)) < minBesideConfidence
  )
    return undefined;
  const lines = continuationLines(state.page, beside, takenLines(state));
  return lines.flatMap((index) => untilWideGap(freeWords(state, index), label.height * 3));
}

export function detachedPairs(state: PageWords, open: OpenLabel[]): KeyValuePair[] {
  const pairs: KeyValuePair[] = [];
  const below: Word[][] = [];
  for (const label of open) {
    const keyWords = withWrappedStart(state, label);
    const valueWords = besideValue(state, keyWords);
    const found = valueWords && makePair(state.page, keyWords, valueWords, "colon");
    if (found) {
      pairs.push(...pairsPerAnswer(state.page, { pair: found, keyWords, valueWords }));
      claim(state, valueWords);
    } else below.push(keyWords);
  }
  // Open labels whose value is not beside them: rows of them, top down, each a header over columns.
  const rows: Word[][][] = [];
  for (const label of below.sort((a, b) => centreY(a) - centreY(b))) {
    const row = rows.at(-1);
    const height = label[0].box.height;
    if (row && Math.abs(centreY(row[0]) - centreY(label)) < height * 0.6) row.push(label);
    else rows.push([label]);
  }
  for (const row of rows) {
    const heads = columnHeads(row);
    columnValues(state, heads).forEach((values, column) => {
      let answered = false;
      for (const { words } of values) {
        const found = makePair(state.page, heads[column].words, words, "below");
        if (!found) continue;
        pairs.push(found);
        claim(state, words);
        answered = true;
      }
      // Left blank: an empty value, rather than the neighbour's taken by a later finder.
      const blank = answered ? undefined : emptyPair(state.page, heads[column].words);
      if (blank) pairs.push(blank);
    });
  }
  return pairs;
}
