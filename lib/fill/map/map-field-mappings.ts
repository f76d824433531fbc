import { findFieldByName } from "../match/match-field-name";
import type { FillPlan, FormField } from "../types";

/** A field_mappings value as sent: JSON scalars, or a list for multi-select fields. */
export type MappingValue = string | number | boolean | null | string[];

function asText(value: Exclude<MappingValue, null>): string {
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/**
 * Explicit field_mappings: exact names (confidence 1), then case-insensitive or label matches
 * (0.95). A key that matches no field, or null, is reported in `unresolved` rather than dropped.
 */
export function mapFieldMappings(fields: readonly FormField[], mappings: Record<string, MappingValue>): FillPlan {
  const plan: FillPlan = { assignments: [], exclusions: [], unresolved: [] };
  for (const [key, value] of Object.entries(mappings)) {
    const found = findFieldByName(fields, key);
    if (!found) {
      plan.unresolved.push(`field_mappings key "${key}" matches no field of the form`);
      continue;
    }
    if (value === null) {
      plan.exclusions.push({ fieldName: found.field.name, reason: `field_mappings["${key}"] is null` });
      continue;
    }
    plan.assignments.push({
      fieldName: found.field.name,
      value: asText(value),
      confidence: found.exact ? 1 : 0.95,
      reason: found.exact
        ? `field_mappings["${key}"]`
        : `field_mappings["${key}"] (matched to field "${found.field.name}" by name)`,
      source: "mapping",
    });
  }
  return plan;
}
