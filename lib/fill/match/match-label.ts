import { labelSimilarity } from "@/lib/extraction/fields/schema-fields";
import { conceptOf } from "./field-concepts";
import { normaliseLabel } from "./normalise-label";

/**
 * How well a source label ("Geburtsdatum", "E-mail address") names the same thing as any of a
 * field's labels (tooltip, readable name, nearby text): 0–1. Shared concepts from the multilingual
 * vocabulary count most; two labels naming different concepts ("first name" vs "last name") are
 * told apart even when their words overlap; otherwise word overlap decides.
 */
export function labelMatchScore(fieldLabels: readonly string[], sourceLabel: string): number {
  const source = normaliseLabel(sourceLabel);
  if (!source) return 0;
  const sourceConcept = conceptOf(source);
  let best = 0;
  for (const raw of fieldLabels) {
    const label = normaliseLabel(raw);
    if (!label) continue;
    if (label === source) return 1;
    const fieldConcept = conceptOf(label);
    if (fieldConcept && sourceConcept) {
      if (fieldConcept.concept === sourceConcept.concept) {
        best = Math.max(best, 0.75 + 0.25 * Math.min(fieldConcept.strength, sourceConcept.strength));
        continue;
      }
      if (fieldConcept.strength >= 0.8 && sourceConcept.strength >= 0.8) continue;
    }
    best = Math.max(best, labelSimilarity(label, source) * 0.9);
  }
  return Math.round(best * 100) / 100;
}
