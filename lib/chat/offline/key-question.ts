import { labelSimilarity } from "@/lib/extraction/label-similarity";
import { queryTerms } from "../knowledge/knowledge-index";
import type { ChatDocument, StoredPair } from "../scope/chat-document";

export interface PairMatch {
  documentIndex: number;
  pair: StoredPair;
  score: number;
}

/** Questions that ask for one value: "What is the total due?", "invoice number?", "When is the due date". */
export function looksLikeKeyQuestion(question: string): boolean {
  const terms = queryTerms(question);
  return terms.length > 0 && terms.length <= 6 && /^(what|which|who|when|where|how much|how many)\b|\?\s*$/i.test(question.trim());
}

/**
 * The stored key-value pairs whose label names what the question asks about, best first: label
 * similarity both ways (the question may say more, "total due of the invoice", or less), ties
 * broken by the reading engine's confidence.
 */
export function matchKeyQuestion(question: string, documents: ChatDocument[], minScore = 0.6): PairMatch[] {
  const phrase = queryTerms(question).join(" ");
  if (!phrase) return [];
  const matches: PairMatch[] = [];
  documents.forEach((document, documentIndex) => {
    for (const pair of document.pairs) {
      if (!pair.value.trim()) continue;
      const score = Math.max(labelSimilarity(phrase, pair.key), labelSimilarity(pair.key, phrase) * 0.95);
      if (score >= minScore) matches.push({ documentIndex, pair, score });
    }
  });
  return matches.sort((a, b) => b.score - a.score || b.pair.confidence - a.pair.confidence);
}
