import { extractStructure } from "@/lib/extraction/extract-structure";
import { labelSimilarity } from "@/lib/extraction/words/label-similarity";
import type { FieldDetail, SchemaFieldType } from "@/lib/extraction/types";
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
  return (
    terms.length > 0 &&
    terms.length <= 6 &&
    /^(what|which|who|when|where|how much|how many)\b|\?\s*$/i.test(question.trim())
  );
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

/** The type a question expects: when / date → date, how much / total / amount → number, else text. */
function fieldTypeOf(question: string): SchemaFieldType {
  if (/\bwhen\b|\bdate\b|\bdated\b/i.test(question)) return "date";
  if (/\bhow much\b|\b(total|amount|sum|price|cost|balance|tax|vat|subtotal)\b/i.test(question)) return "number";
  return "string";
}

/** Pages a document may have for the schema-field fallback, which reads the whole document again. */
const maxFieldPages = 30;

/**
 * When no stored key-value answers, the question as a schema field ("total due", "invoice date")
 * through the reading engine's schema-guided extraction, which also knows totals without a label
 * match, document dates and issuers. Only documents of at most maxFieldPages pages are read.
 */
export function matchSchemaField(
  question: string,
  documents: ChatDocument[],
): Array<{ documentIndex: number; detail: FieldDetail }> {
  const phrase = queryTerms(question).join(" ");
  if (!phrase) return [];
  return documents.flatMap((document, documentIndex) => {
    if (document.pages.length > maxFieldPages) return [];
    const structure = extractStructure({
      pages: document.pages,
      schema: [{ name: phrase, type: fieldTypeOf(question) }],
    });
    const detail = structure.fieldDetails?.[0];
    return detail?.value && detail.box && detail.page !== null ? [{ documentIndex, detail }] : [];
  });
}
