import type { Page } from "@/lib/documents/types";
import { labelSimilarity } from "./label-similarity";
import { formatNumber, parseDate, parseNumber } from "./normalise-values";
import type { Entity, FieldDetail, KeyValuePair, SchemaField } from "./types";

// Deterministic schema-guided extraction: each field takes the key-value pair whose label best
// matches its name and whose value parses as its type; failing that, a typed entity on a line that
// mentions the name. Nothing found is null, never a guess.

// The fill matcher compares labels the same way.
export { labelSimilarity };

function typed(type: SchemaField["type"], raw: string): { value: string; typedValue: string | number } | null {
  if (type === "number") {
    const number = parseNumber(raw);
    return number === null ? null : { value: formatNumber(number), typedValue: number };
  }
  if (type === "date") {
    const date = parseDate(raw);
    return date === null ? null : { value: date, typedValue: date };
  }
  const text = raw.trim();
  return text ? { value: text, typedValue: text } : null;
}

function fromPair(field: SchemaField, pairs: KeyValuePair[]): FieldDetail | undefined {
  let best: { pair: KeyValuePair; score: number; parsed: NonNullable<ReturnType<typeof typed>> } | undefined;
  for (const pair of pairs) {
    const score = labelSimilarity(field.name, pair.key);
    if (score < 0.5 || (best && score <= best.score)) continue;
    const parsed = typed(field.type, pair.value);
    if (parsed) best = { pair, score, parsed };
  }
  if (!best) return undefined;
  return {
    name: field.name,
    type: field.type,
    value: best.parsed.value,
    typedValue: best.parsed.typedValue,
    page: best.pair.page,
    box: best.pair.valueBox ?? null,
    words: best.pair.value.split(/\s+/),
    confidence: Math.round(best.pair.confidence * best.score * 100) / 100,
  };
}

function fromEntity(field: SchemaField, pages: Page[], entities: Entity[]): FieldDetail | undefined {
  if (field.type === "string") return undefined;
  const entityType = field.type === "date" ? "date" : "amount";
  for (const entity of entities.filter((candidate) => candidate.type === entityType)) {
    const page = pages.find((candidate) => candidate.pageNumber === entity.page);
    const line = page?.lines.find((candidate) => candidate.text.includes(entity.text));
    if (!line || labelSimilarity(field.name, line.text.replace(entity.text, "")) < 0.5) continue;
    const parsed = typed(field.type, entity.value);
    if (!parsed) continue;
    return { name: field.name, type: field.type, ...parsed, page: entity.page, box: entity.box ?? null, words: entity.text.split(/\s+/), confidence: 0.5 };
  }
  return undefined;
}

export function extractSchemaFields(schema: SchemaField[], pages: Page[], pairs: KeyValuePair[], entities: Entity[]): FieldDetail[] {
  return schema.map(
    (field) =>
      fromPair(field, pairs) ??
      fromEntity(field, pages, entities) ?? { name: field.name, type: field.type, value: null, typedValue: null, page: null, box: null, words: [], confidence: 0 },
  );
}
