import { unionBox } from "@/lib/pages/layout";
import { extractStructure } from "@/lib/extraction/extract-structure";
import { dateOrderOf } from "@/lib/extraction/document/date-order";
import { parseDate, parseNumber } from "@/lib/extraction/entities/normalise-values";
import type { DateOrder, Entity, KeyValuePair } from "@/lib/extraction/types";
import { conceptAcceptsValue, conceptOf, type FieldConcept } from "../match/field-concepts";
import { fieldLabels } from "../match/field-labels";
import { labelMatchScore } from "../match/match-label";
import { coerceFieldValue } from "../pdf/coerce-field-value";
import type { FieldAssignment, FillPlan, FormField } from "../types";
import { formatDateForField } from "./format-date-for-field";
import type { SourceDocument } from "./source-document";

// The deterministic matcher: the source's key-value pairs (by layout) are matched to fields by
// label meaning (shared vocabulary across languages, then word overlap), and a value is accepted
// only when it has the shape the field expects. Typed entities (emails, phones, IBANs, URLs) fill
// fields of their kind when no label matched.

const minLabelScore = 0.6;
const entityConcepts: Partial<Record<FieldConcept, Entity["type"]>> = {
  email: "email",
  phone: "phone",
  iban: "iban",
  website: "url",
};

interface Candidate {
  value: string;
  confidence: number;
  reason: string;
  fileName: string;
  page: number;
  box?: FieldAssignment["box"];
}

function fieldConcept(field: FormField): FieldConcept | undefined {
  return fieldLabels(field)
    .map((label) => conceptOf(label))
    .find((match) => match !== null)?.concept;
}

function hasDateHint(field: FormField): boolean {
  return /\b(mm|dd|tt|jj)\s*[/.-]\s*(mm|dd|tt|jj)\b/i.test([field.tooltip, field.nearbyText, field.label].join(" "));
}

/** The value as the field should receive it, or null when it does not have the field's shape. */
function acceptValue(
  field: FormField,
  concept: FieldConcept | undefined,
  value: string,
  dateOrder: DateOrder | undefined,
): string | null {
  const text = value.trim();
  if (!text) return null;
  if (concept && !conceptAcceptsValue(concept, text)) return null;
  if (field.valueType === "date") {
    const iso = parseDate(text, dateOrder);
    if (!iso) return null;
    return hasDateHint(field) ? formatDateForField(iso, field) : text;
  }
  if (field.valueType === "number" && parseNumber(text) === null) return null;
  if (field.kind !== "text") return coerceFieldValue(field, text).ok ? text : null;
  return text;
}

function fromPair(source: SourceDocument, pair: KeyValuePair, score: number, value: string): Candidate {
  return {
    value,
    confidence: score * (0.4 + 0.6 * pair.confidence),
    reason: `${source.fileName} page ${pair.page}: "${pair.key}: ${pair.value}"`,
    fileName: source.fileName,
    page: pair.page,
    box: pair.valueBox,
  };
}

function bestPair(
  field: FormField,
  concept: FieldConcept | undefined,
  sources: Array<{ source: SourceDocument; pairs: KeyValuePair[]; dateOrder?: DateOrder }>,
): Candidate | undefined {
  let best: Candidate | undefined;
  const labels = fieldLabels(field);
  for (const { source, pairs, dateOrder } of sources) {
    for (const pair of pairs) {
      const score = labelMatchScore(labels, pair.key);
      if (score < minLabelScore) continue;
      const value = acceptValue(field, concept, pair.value, dateOrder);
      if (value === null) continue;
      const candidate = fromPair(source, pair, score, value);
      if (!best || candidate.confidence > best.confidence) best = candidate;
    }
  }
  return best;
}

/** "Full name" from separate first and last names when the source has no full name. */
function composedName(sources: Array<{ source: SourceDocument; pairs: KeyValuePair[] }>): Candidate | undefined {
  for (const { source, pairs } of sources) {
    const first = pairs.find((pair) => conceptOf(pair.key)?.concept === "first_name");
    const last = pairs.find((pair) => conceptOf(pair.key)?.concept === "last_name");
    if (!first || !last) continue;
    return {
      value: `${first.value} ${last.value}`,
      confidence: 0.8 * Math.min(first.confidence, last.confidence),
      reason: `${source.fileName} page ${first.page}: "${first.key}: ${first.value}" and "${last.key}: ${last.value}"`,
      fileName: source.fileName,
      page: first.page,
      box:
        first.page === last.page && first.valueBox && last.valueBox
          ? unionBox([first.valueBox, last.valueBox])
          : first.valueBox,
    };
  }
  return undefined;
}

function fromEntity(
  concept: FieldConcept | undefined,
  sources: Array<{ source: SourceDocument; entities: Entity[] }>,
): Candidate | undefined {
  const type = concept ? entityConcepts[concept] : undefined;
  if (!type) return undefined;
  for (const { source, entities } of sources) {
    const entity = entities.find((candidate) => candidate.type === type);
    if (entity)
      return {
        value: entity.text,
        confidence: 0.6,
        reason: `${source.fileName} page ${entity.page}: the ${type} "${entity.text}"`,
        fileName: source.fileName,
        page: entity.page,
        box: entity.box,
      };
  }
  return undefined;
}

/** A plan from source documents, one assignment per field that a source has a value for. */
export function mapSourceValues(options: { fields: readonly FormField[]; sources: SourceDocument[] }): FillPlan {
  const structured = options.sources.map((source) => {
    const structure = extractStructure({ pages: source.pages });
    // "03/01/2018" is read in the order the source itself writes dates.
    return {
      source,
      pairs: structure.keyValuePairs,
      entities: structure.entities,
      dateOrder: dateOrderOf(source.pages),
    };
  });
  const plan: FillPlan = { assignments: [], exclusions: [], unresolved: [] };
  for (const field of options.fields) {
    if (field.kind === "signature") continue;
    const concept = fieldConcept(field);
    let candidate = bestPair(field, concept, structured);
    if ((!candidate || candidate.confidence < 0.6) && concept === "full_name")
      candidate = composedName(structured) ?? candidate;
    candidate ??= fromEntity(concept, structured);
    if (!candidate) continue;
    plan.assignments.push({
      fieldName: field.name,
      value: candidate.value,
      confidence: Math.round(Math.min(1, candidate.confidence) * 100) / 100,
      reason: candidate.reason,
      source: "document",
      sourceFile: candidate.fileName,
      page: candidate.page,
      ...(candidate.box ? { box: candidate.box } : {}),
    });
  }
  return plan;
}
