import type { Page, Word } from "@/lib/pages/types";

// The model sees every OCR word followed by its id ("18,20[p1w12]": page 1, word 12) and must cite
// the ids its answers come from; citations are resolved back to the page's words here, so the
// caller takes page, box and text from the document, never from the model.

const maxPromptWords = 6000;

/** The document as lines of id-tagged words, cut after about maxPromptWords words. */
export function wordList(pages: Page[]): string {
  const lines: string[] = [];
  let count = 0;
  for (const page of pages) {
    for (const line of page.lines) {
      if (count > maxPromptWords) break;
      const words = page.words
        .slice(line.firstWord, line.firstWord + line.wordCount)
        .map((word, offset) => `${word.text}[p${page.pageNumber}w${line.firstWord + offset}]`);
      count += words.length;
      lines.push(words.join(" "));
    }
  }
  return lines.join("\n");
}

export interface CitedWords {
  page: number;
  /** In reading order, without repeats. */
  words: Word[];
}

/**
 * The real words behind a list of ids, on the page of the first real one (a value lives on one
 * page); ids naming no word are ignored. Null when no id names a real word.
 */
export function resolveWordIds(ids: string[], pages: Page[]): CitedWords | null {
  const cited = ids.flatMap((id) => {
    const match = /^p(\d+)w(\d+)$/.exec(id.trim());
    if (!match) return [];
    const page = pages.find((candidate) => candidate.pageNumber === Number(match[1]));
    const index = Number(match[2]);
    return page && page.words[index] ? [{ page: page.pageNumber, index, word: page.words[index] }] : [];
  });
  if (cited.length === 0) return null;
  const page = cited[0].page;
  const onPage = [
    ...new Map(cited.filter((entry) => entry.page === page).map((entry) => [entry.index, entry.word])).entries(),
  ].sort(([a], [b]) => a - b);
  return { page, words: onPage.map(([, word]) => word) };
}

export function citedText(cited: CitedWords): string {
  return cited.words.map((word) => word.text).join(" ");
}

export function meanConfidence(words: Word[]): number {
  return words.reduce((sum, word) => sum + word.confidence, 0) / words.length;
}
