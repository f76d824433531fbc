import type { FormField } from "../types";
import { findFieldByName } from "./match-field-name";
import { labelMatchScore } from "./match-label";

/** Every label a field is known by, most specific first. */
export function fieldLabels(field: FormField): string[] {
  const lastSegment = (field.name.split(".").at(-1) ?? field.name).replace(/\[\d+\]$/, "");
  return [
    ...new Set(
      [field.tooltip, field.nearbyText, field.label, field.readableName, lastSegment].filter((label): label is string =>
        Boolean(label),
      ),
    ),
  ];
}

/**
 * Fields a phrase from an instruction or a source label names, best first with scores 0–1: an exact
 * or case-insensitive name is 1, otherwise the label match score (see labelMatchScore).
 */
export function rankFieldsForPhrase(
  fields: readonly FormField[],
  phrase: string,
  minScore = 0.55,
): Array<{ field: FormField; score: number }> {
  const named = findFieldByName(fields, phrase);
  if (named) return [{ field: named.field, score: named.exact ? 1 : 0.97 }];
  return fields
    .map((field) => ({ field, score: labelMatchScore(fieldLabels(field), phrase) }))
    .filter((entry) => entry.score >= minScore)
    .sort((a, b) => b.score - a.score);
}

/** The one field a phrase names, or undefined when none does or two tie. */
export function bestFieldForPhrase(
  fields: readonly FormField[],
  phrase: string,
  minScore = 0.55,
): { field: FormField; score: number } | undefined {
  const [first, second] = rankFieldsForPhrase(fields, phrase, minScore);
  if (!first || (second && second.score === first.score)) return undefined;
  return first;
}
