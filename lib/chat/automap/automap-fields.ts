import { dateOrderOf } from "@/lib/extraction/document/date-order";
import { parseDate, parseNumber } from "@/lib/extraction/entities/normalise-values";
import { labelMatchScore } from "@/lib/fill/match/match-label";
import type { ChatDocument } from "../scope/chat-document";
import { documentCandidates, type ValueCandidate } from "./document-candidates";

export interface TemplateField {
  name: string;
  type: "string" | "number" | "date";
  cell?: string;
}

const minScore = 0.55;

function fitsType(field: TemplateField, value: string, document: ChatDocument): boolean {
  if (field.type === "number") return parseNumber(value) !== null;
  if (field.type === "date") return parseDate(value, dateOrderOf(document.pages)) !== null;
  return true;
}

/**
 * The offline automap: every (field, candidate) pair scored by label similarity (the fill matchers'
 * multilingual concepts and word overlap), pairs whose value has the wrong type dropped, then a
 * one-to-one assignment taking the best remaining pair first, so no value fills two fields.
 */
export function automapFields(fields: TemplateField[], document: ChatDocument) {
  const candidates = documentCandidates(document);
  const scored: Array<{ field: number; candidate: number; score: number }> = [];
  fields.forEach((field, fieldIndex) => {
    candidates.forEach((candidate, candidateIndex) => {
      const similarity = labelMatchScore([field.name], candidate.label);
      if (similarity < minScore || !fitsType(field, candidate.value, document)) return;
      scored.push({
        field: fieldIndex,
        candidate: candidateIndex,
        score: similarity * (0.85 + 0.15 * candidate.confidence),
      });
    });
  });
  scored.sort((a, b) => b.score - a.score);
  const takenFields = new Map<number, { candidate: ValueCandidate; score: number }>();
  const takenCandidates = new Set<number>();
  for (const entry of scored) {
    if (takenFields.has(entry.field) || takenCandidates.has(entry.candidate)) continue;
    takenFields.set(entry.field, { candidate: candidates[entry.candidate], score: entry.score });
    takenCandidates.add(entry.candidate);
  }
  const mappings = fields.flatMap((field, index) => {
    const taken = takenFields.get(index);
    if (!taken) return [];
    const { candidate, score } = taken;
    const where =
      candidate.kind === "key_value" ? `key-value "${candidate.label}"` : `table column "${candidate.label}"`;
    return [
      {
        template_field: field.name,
        cell: field.cell ?? null,
        source: candidate.label,
        value: candidate.value,
        page: candidate.page,
        box: candidate.box,
        confidence: Math.round(score * 100) / 100,
        reason: `${where} on page ${candidate.page} matches the label${field.type !== "string" ? ` and holds a ${field.type}` : ""}`,
      },
    ];
  });
  const unmapped = fields
    .filter((_, index) => !takenFields.has(index))
    .map((field) => ({
      template_field: field.name,
      cell: field.cell ?? null,
      reason: `No ${field.type === "string" ? "" : `${field.type} `}value under a matching label in the document.`,
    }));
  return { mappings, unmapped };
}
