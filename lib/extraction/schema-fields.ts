import type { Page } from "@/lib/documents/types";
import { labelSimilarity } from "./label-similarity";
import { findIssuer } from "./issuer-header";
import { formatNumber, parseDate, parseNumber } from "./normalise-values";
import type { Entity, FieldDetail, KeyValuePair, SchemaField } from "./types";

// Deterministic schema-guided extraction: each field takes the key-value pair whose label best
// matches its name and whose value parses as its type; failing that, a typed entity on a line that
// mentions the name; failing that, for a field naming the issuer's name or address, the head of
// the first page (issuer-header.ts). Nothing found is null, never a guess.

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

const issuerWords = new Set(["company", "vendor", "merchant", "seller", "supplier", "store", "shop", "business", "issuer"]);

/** "company", "merchant_name" → the issuer's name; "address", "vendorAddress" → its address; "customer_address" → neither. */
function issuerPart(fieldName: string): "company" | "address" | undefined {
  const words = fieldName.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().split(/[^a-z]+/).filter(Boolean);
  if (words.some((word) => !issuerWords.has(word) && word !== "name" && word !== "address" && word !== "addr")) return undefined;
  if (words.includes("address") || words.includes("addr")) return "address";
  return words.some((word) => issuerWords.has(word)) ? "company" : undefined;
}

/** A receipt's or invoice's issuer, read from the head of the first page when no label names it. */
function fromIssuerHeader(field: SchemaField, pages: Page[]): FieldDetail | undefined {
  const wanted = field.type === "string" ? issuerPart(field.name) : undefined;
  const page = pages.find((candidate) => !candidate.error && candidate.lines.length > 0);
  if (!wanted || !page) return undefined;
  const found = findIssuer(page)[wanted];
  if (!found) return undefined;
  return { name: field.name, type: field.type, value: found.text, typedValue: found.text, page: found.page, box: found.box, words: found.words, confidence: found.confidence };
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
      fromEntity(field, pages, entities) ??
      fromIssuerHeader(field, pages) ?? { name: field.name, type: field.type, value: null, typedValue: null, page: null, box: null, words: [], confidence: 0 },
  );
}
