import { unionBox } from "@/lib/pages/layout";
import type { Page } from "@/lib/pages/types";
import { dateOrderOf } from "@/lib/extraction/document/date-order";
import { formatNumber, parseDate, parseNumber } from "@/lib/extraction/entities/normalise-values";
import type { FieldDetail, KeyValuePair, SchemaField } from "@/lib/extraction/types";
import type { AiField, AiKeyValuePair } from "./ai-answer";
import { citedText, meanConfidence, resolveWordIds } from "./word-ids";

// Grounding: an AI answer counts only through the document words it cites. Values are read from
// those words (so a value the model made up, or misquoted, cannot survive), and page, box and
// confidence come from them too. An answer citing no real word is dropped.

const round = (value: number) => Math.round(value * 100) / 100;

function typed(
  type: SchemaField["type"],
  text: string,
  pages: Page[],
): { value: string; typedValue: string | number } | null {
  if (type === "number") {
    const number = parseNumber(text);
    return number === null ? null : { value: formatNumber(number), typedValue: number };
  }
  if (type === "date") {
    // "03/01/2018" is read in the order the document itself writes dates.
    const date = parseDate(text, dateOrderOf(pages));
    return date === null ? null : { value: date, typedValue: date };
  }
  const trimmed = text.trim();
  return trimmed ? { value: trimmed, typedValue: trimmed } : null;
}

export function groundField(field: SchemaField, answer: AiField | undefined, pages: Page[]): FieldDetail {
  const empty: FieldDetail = {
    name: field.name,
    type: field.type,
    value: null,
    typedValue: null,
    page: null,
    box: null,
    words: [],
    confidence: 0,
  };
  if (!answer?.value) return empty;
  const cited = resolveWordIds(answer.wordIds, pages);
  const parsed = cited ? typed(field.type, citedText(cited), pages) : null;
  if (!cited || !parsed) return empty;
  return {
    name: field.name,
    type: field.type,
    ...parsed,
    page: cited.page,
    box: unionBox(cited.words.map((word) => word.box)),
    words: cited.words.map((word) => word.text),
    confidence: round(answer.confidence * meanConfidence(cited.words)),
  };
}

/** A model pair with the document's words for its value (and key, when it cites real ones); undefined when the value cites none. */
export function groundPair(answer: AiKeyValuePair, pages: Page[]): KeyValuePair | undefined {
  const value = resolveWordIds(answer.valueWordIds, pages);
  if (!value) return undefined;
  const key = resolveWordIds(answer.keyWordIds, pages);
  const keyOnPage = key?.page === value.page ? key : null;
  const keyText = keyOnPage ? citedText(keyOnPage).replace(/\s*:$/, "") : answer.key.trim();
  if (!keyText) return undefined;
  return {
    key: keyText,
    value: citedText(value),
    page: value.page,
    keyBox: keyOnPage ? unionBox(keyOnPage.words.map((word) => word.box)) : undefined,
    valueBox: unionBox(value.words.map((word) => word.box)),
    confidence: round(answer.confidence * meanConfidence(value.words)),
    method: "model",
  };
}
