// Finding a word or phrase in a page's words, as a reader's "find" does: case, accents and the
// punctuation around words ignored; a phrase may run over several words (and a corrected word
// holding several words counts as those words).

export interface SearchableWord {
  text: string;
  box: { x: number; y: number; width: number; height: number };
}

export interface TextHit {
  /** Indices of the page's words the hit covers, in reading order. */
  wordIndices: number[];
  /** The hit with a few words either side. */
  snippet: string;
}

/** Lower case, accents off, punctuation trimmed from both ends. */
export function normaliseToken(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
}

/** The query's tokens, or none when it holds no letter or digit. */
export function queryTokens(query: string): string[] {
  return query.split(/\s+/).map(normaliseToken).filter(Boolean);
}

const CONTEXT_WORDS = 5;

/**
 * Every place the query's tokens occur in a run of words. One token matches inside a word ("voice" in
 * "Invoice:"); a phrase's first token ends a word, its last starts one and those between are whole words.
 */
export function findTextHits(words: SearchableWord[], tokens: string[]): TextHit[] {
  if (tokens.length === 0) return [];
  const pieces = words.flatMap((word, wordIndex) =>
    word.text
      .split(/\s+/)
      .map(normaliseToken)
      .filter(Boolean)
      .map((token) => ({ token, wordIndex })),
  );
  const last = tokens.length - 1;
  const matches = (piece: string, index: number): boolean => {
    if (tokens.length === 1) return piece.includes(tokens[0]);
    if (index === 0) return piece.endsWith(tokens[0]);
    if (index === last) return piece.startsWith(tokens[last]);
    return piece === tokens[index];
  };
  const hits: TextHit[] = [];
  for (let start = 0; start + last < pieces.length; start += 1) {
    if (!tokens.every((_, index) => matches(pieces[start + index].token, index))) continue;
    const wordIndices = [...new Set(pieces.slice(start, start + tokens.length).map((piece) => piece.wordIndex))];
    const from = Math.max(0, wordIndices[0] - CONTEXT_WORDS);
    const to = Math.min(words.length, wordIndices.at(-1)! + CONTEXT_WORDS + 1);
    hits.push({
      wordIndices,
      snippet: `${from > 0 ? "… " : ""}${words
        .slice(from, to)
        .map((word) => word.text)
        .join(" ")}${to < words.length ? " …" : ""}`,
    });
    start += last;
  }
  return hits;
}

/** Hits in a page's text alone (a page without words, a text view): snippets, no boxes. */
export function findTextHitsInText(text: string, tokens: string[]): TextHit[] {
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ({ text: word, box: { x: 0, y: 0, width: 0, height: 0 } }));
  return findTextHits(words, tokens).map((hit) => ({ ...hit, wordIndices: [] }));
}
