import { unionBox } from "@/lib/documents/layout";
import type { Page, Word } from "@/lib/documents/types";
import { layoutTableRuns } from "./tables";
import type { KeyValuePair } from "./types";

// Labels and values by layout: "Label: value" on one line, "Label    value" separated by a wide
// gap, "Label:" with its value on the line below, and filled AcroForm fields.

const maxLabelWords = 5;

function lineWords(page: Page, lineIndex: number): Word[] {
  const line = page.lines[lineIndex];
  return page.words.slice(line.firstWord, line.firstWord + line.wordCount);
}

function looksLikeLabel(words: Word[]): boolean {
  if (words.length === 0 || words.length > maxLabelWords) return false;
  const text = words.map((word) => word.text).join(" ").replace(/:$/, "");
  return /\p{L}/u.test(text) && !/\d{3,}/.test(text) && text.length <= 40;
}

function pair(page: Page, keyWords: Word[], valueWords: Word[], method: KeyValuePair["method"]): KeyValuePair | undefined {
  const key = keyWords.map((word) => word.text).join(" ").replace(/\s*:$/, "").trim();
  const value = valueWords.map((word) => word.text).join(" ").trim();
  if (!key || !value) return undefined;
  const all = [...keyWords, ...valueWords];
  const base = method === "colon" ? 0.9 : method === "below" ? 0.75 : 0.65;
  return {
    key,
    value,
    page: page.pageNumber,
    keyBox: unionBox(keyWords.map((word) => word.box)),
    valueBox: unionBox(valueWords.map((word) => word.box)),
    confidence: Math.round(base * (all.reduce((sum, word) => sum + word.confidence, 0) / all.length) * 100) / 100,
    method,
  };
}

function widestGap(words: Word[]): { index: number; gap: number } {
  let best = { index: -1, gap: 0 };
  for (let index = 1; index < words.length; index++) {
    const gap = words[index].box.x - (words[index - 1].box.x + words[index - 1].box.width);
    if (gap > best.gap) best = { index, gap };
  }
  return best;
}

/** "Name: Ann   Date: 2025-01-02" holds two pairs: a later "Word:" preceded by a wide gap starts the next label. */
function colonPairs(page: Page, keyWords: Word[], rest: Word[]): KeyValuePair[] {
  const height = keyWords[0].box.height;
  const nextLabel = rest.findIndex((word, index) => {
    if (index === 0 || !/:$/.test(word.text)) return false;
    const previous = rest[index - 1];
    return word.box.x - (previous.box.x + previous.box.width) > height * 1.5;
  });
  const found = pair(page, keyWords, nextLabel > 0 ? rest.slice(0, nextLabel) : rest, "colon");
  const pairs = found ? [found] : [];
  if (nextLabel > 0 && rest.length > nextLabel + 1) pairs.push(...colonPairs(page, [rest[nextLabel]], rest.slice(nextLabel + 1)));
  return pairs;
}

function pairsOnPage(page: Page): KeyValuePair[] {
  const pairs: KeyValuePair[] = [];
  const usedAsValue = new Set<number>();
  // Rows of tables with three or more columns are table cells, not label/value pairs.
  const tableLines = new Set(layoutTableRuns(page).filter((run) => run.rows[0].cells.length >= 3).flatMap((run) => run.lineIndexes));
  for (let lineIndex = 0; lineIndex < page.lines.length; lineIndex++) {
    if (usedAsValue.has(lineIndex)) continue;
    const words = lineWords(page, lineIndex);
    const colonAt = words.findIndex((word, index) => index < maxLabelWords && /:$/.test(word.text) && !/^\d{1,2}:$/.test(word.text));
    if (colonAt >= 0 && looksLikeLabel(words.slice(0, colonAt + 1))) {
      const keyWords = words.slice(0, colonAt + 1);
      const rest = words.slice(colonAt + 1);
      if (rest.length > 0) {
        pairs.push(...colonPairs(page, keyWords, rest));
        continue;
      }
      const below = page.lines[lineIndex + 1];
      const labelBox = unionBox(keyWords.map((word) => word.box));
      if (below && below.box.y - (labelBox.y + labelBox.height) < labelBox.height * 2.5 && below.box.x < labelBox.x + labelBox.width * 2) {
        const belowWords = lineWords(page, lineIndex + 1);
        if (!belowWords.some((word) => /:$/.test(word.text))) {
          const found = pair(page, keyWords, belowWords, "below");
          if (found) {
            pairs.push(found);
            usedAsValue.add(lineIndex + 1);
          }
        }
      }
      continue;
    }
    const { index, gap } = widestGap(words);
    const lineHeight = page.lines[lineIndex].box.height;
    if (index > 0 && !tableLines.has(lineIndex) && gap > lineHeight * 2.5 && looksLikeLabel(words.slice(0, index)) && words.length - index <= 8) {
      const found = pair(page, words.slice(0, index), words.slice(index), "gap");
      if (found) pairs.push(found);
    }
  }
  for (const field of page.formFields ?? []) {
    pairs.push({ key: field.name, value: field.value, page: page.pageNumber, valueBox: field.box, confidence: 1, method: "form_field" });
  }
  return pairs;
}

export function findKeyValuePairs(pages: Page[]): KeyValuePair[] {
  return pages.flatMap(pairsOnPage);
}
