import type { Page } from "@/lib/pages/types";
import type { DateOrderEvidence } from "../document/date-order";
import { findDocumentDate } from "./document-date";
import { scoredConfidence, type FieldConfidence } from "./field-confidence";
import { labelSimilarity } from "../words/label-similarity";
import { findIssuer } from "./issuer-header";
import { formatNumber, parseDate, parseNumber } from "../entities/normalise-values";
import { receiptFieldConfidence, receiptRankers, type Rankers, type ReceiptFieldKind } from "./receipt-field-model";
import { findDocumentTotal } from "./receipt-totals";
import { totalLabelKind, totalLabelStrength } from "@/lib/text/total-labels";
import type { DateOrder, Entity, FieldDetail, KeyValuePair, SchemaField } from "../types";

// Deterministic schema-guided extraction: a field naming the document's total takes the amount the
// trained ranker picks among the labelled amounts (receipt-totals.ts, receipt-field-model.ts), one
// naming its date the date it picks among those printed (document-date.ts); other fields take the
// key-value pair whose label best matches their name and whose value parses as their type; failing
// that, a typed entity on a line that mentions the name; failing that, a field naming the issuer's
// name or address the candidate the ranker picks in the head of the first page (issuer-header.ts).
// The model-chosen fields carry its calibrated confidence. Nothing found is null, never a guess.

/** The rankers and their calibration: the shipped model, or one being trained. */
export interface FieldModel {
  rankers: Rankers;
  confidence: (kind: ReceiptFieldKind, score: number) => number;
}

const shippedModel: FieldModel = { rankers: receiptRankers, confidence: receiptFieldConfidence };

// The fill matcher compares labels the same way.
export { labelSimilarity };

function typed(
  type: SchemaField["type"],
  raw: string,
  dateOrder?: DateOrder,
): { value: string; typedValue: string | number } | null {
  if (type === "number") {
    const number = parseNumber(raw);
    return number === null ? null : { value: formatNumber(number), typedValue: number };
  }
  if (type === "date") {
    const date = parseDate(raw, dateOrder);
    return date === null ? null : { value: date, typedValue: date };
  }
  const text = raw.trim();
  return text ? { value: text, typedValue: text } : null;
}

/**
 * A pair that only looks like the field's: "Company Reg. No.: 725186-V" is not the company's name,
 * "Total Qty: 4" not the total.
 */
function namesSomethingElse(field: SchemaField, pair: KeyValuePair): boolean {
  if (issuerPart(field.name)) return pair.value.replace(/\D/g, "").length > pair.value.replace(/\P{L}/gu, "").length;
  if (namesDocumentTotal(field.name)) {
    const kind = totalLabelKind(pair.key);
    return kind !== undefined && totalLabelStrength(kind) === 0;
  }
  return false;
}

function fromPair(field: SchemaField, pairs: KeyValuePair[], dateOrder?: DateOrder): FieldDetail | undefined {
  let best: { pair: KeyValuePair; score: number; parsed: NonNullable<ReturnType<typeof typed>> } | undefined;
  for (const pair of pairs) {
    const score = labelSimilarity(field.name, pair.key);
    if (score < 0.5 || (best && score <= best.score) || namesSomethingElse(field, pair)) continue;
    const parsed = typed(field.type, pair.value, dateOrder);
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

const issuerWords = new Set([
  "company",
  "vendor",
  "merchant",
  "seller",
  "supplier",
  "store",
  "shop",
  "business",
  "issuer",
]);

/** "merchant_name", "totalAmount" → ["merchant", "name"], ["total", "amount"]. */
const fieldWords = (fieldName: string) =>
  fieldName
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);

/** "company", "merchant_name" → the issuer's name; "address", "vendorAddress" → its address; "customer_address" → neither. */
function issuerPart(fieldName: string): "company" | "address" | undefined {
  const words = fieldWords(fieldName);
  if (words.some((word) => !issuerWords.has(word) && word !== "name" && word !== "address" && word !== "addr"))
    return undefined;
  if (words.includes("address") || words.includes("addr")) return "address";
  return words.some((word) => issuerWords.has(word)) ? "company" : undefined;
}

/** Words that name which document a field is about, not what in it ("receipt_total", "invoice_date"). */
const documentWords = new Set([
  "invoice",
  "receipt",
  "bill",
  "order",
  "document",
  "transaction",
  "purchase",
  "sale",
  "sales",
  "txn",
]);
const totalWords = new Set(["total", "amount", "due", "payable", "grand", "final", "gross", "sum", "to", "pay"]);

/** "total", "total_amount", "amountDue", "grand total", "receipt_total" → the sum to pay; "subtotal", "tax_total" → not. */
function namesDocumentTotal(fieldName: string): boolean {
  const words = fieldWords(fieldName);
  return (
    words.some((word) => ["total", "amount", "due", "payable", "sum"].includes(word)) &&
    words.every((word) => totalWords.has(word) || documentWords.has(word))
  );
}

/** "date", "invoice_date", "transactionDate", "issue date" → the document's date; "due_date", "birth_date" → not. */
function namesDocumentDate(fieldName: string): boolean {
  const words = fieldWords(fieldName);
  return (
    words.includes("date") &&
    words.every(
      (word) => word === "date" || word === "issue" || word === "issued" || word === "of" || documentWords.has(word),
    )
  );
}

/** The confidence, and why it is what it is after how the value was decided. */
function withConfidence(reason: string | undefined, { confidence, because }: FieldConfidence) {
  return { confidence, reason: [reason, `confidence ${confidence}: ${because}`].filter(Boolean).join("; ") };
}

function fromDocumentTotal(field: SchemaField, pages: Page[], model: FieldModel): FieldDetail | undefined {
  if (field.type !== "number" || !namesDocumentTotal(field.name)) return undefined;
  const total = findDocumentTotal(pages, model.rankers.total);
  if (!total) return undefined;
  return {
    name: field.name,
    type: field.type,
    value: formatNumber(total.value),
    typedValue: total.value,
    page: total.page,
    box: total.box,
    words: total.words,
    ...withConfidence(total.reason, scoredConfidence("total", total.score, model.confidence)),
  };
}

function fromDocumentDate(
  field: SchemaField,
  pages: Page[],
  evidence: DateOrderEvidence | undefined,
  model: FieldModel,
): FieldDetail | undefined {
  if (field.type !== "date" || !namesDocumentDate(field.name)) return undefined;
  const date = findDocumentDate(pages, evidence, model.rankers.date);
  if (!date) return undefined;
  return {
    name: field.name,
    type: field.type,
    value: date.value,
    typedValue: date.value,
    page: date.page,
    box: date.box,
    words: date.words,
    ...withConfidence(date.reason, scoredConfidence("date", date.score, model.confidence)),
  };
}

/** A receipt's or invoice's issuer, read from the head of the first page when no label names it. */
function fromIssuerHeader(field: SchemaField, pages: Page[], model: FieldModel): FieldDetail | undefined {
  const wanted = field.type === "string" ? issuerPart(field.name) : undefined;
  const page = pages.find((candidate) => !candidate.error && candidate.lines.length > 0);
  if (!wanted || !page) return undefined;
  const found = findIssuer(page, model.rankers)[wanted];
  if (!found) return undefined;
  return {
    name: field.name,
    type: field.type,
    value: found.text,
    typedValue: found.text,
    page: found.page,
    box: found.box,
    words: found.words,
    ...withConfidence(undefined, scoredConfidence(wanted, found.score, model.confidence)),
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
    return {
      name: field.name,
      type: field.type,
      ...parsed,
      page: entity.page,
      box: entity.box ?? null,
      words: entity.text.split(/\s+/),
      confidence: 0.5,
    };
  }
  return undefined;
}

/**
 * `dateOrder` is the document's (date-order.ts), for labelled values like "Date: 03/01/2018";
 * `model` the receipt field rankers (the shipped ones unless a training run passes its own).
 */
export function extractSchemaFields({
  schema,
  pages,
  pairs,
  entities,
  dateOrder,
  model = shippedModel,
}: {
  schema: SchemaField[];
  pages: Page[];
  pairs: KeyValuePair[];
  entities: Entity[];
  dateOrder?: DateOrderEvidence;
  model?: FieldModel;
}): FieldDetail[] {
  return schema.map(
    (field) =>
      fromDocumentTotal(field, pages, model) ??
      fromDocumentDate(field, pages, dateOrder, model) ??
      fromPair(field, pairs, dateOrder?.order) ??
      fromEntity(field, pages, entities) ??
      fromIssuerHeader(field, pages, model) ?? {
        name: field.name,
        type: field.type,
        value: null,
        typedValue: null,
        page: null,
        box: null,
        words: [],
        confidence: 0,
      },
  );
}
