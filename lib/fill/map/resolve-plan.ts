import type { FieldAssignment, FieldExclusion, FillPlan } from "../types";

export interface FieldDecision {
  assignment?: FieldAssignment;
  exclusion?: FieldExclusion;
}

const rank: Record<FieldAssignment["source"], number> = { mapping: 3, instruction: 2, document: 1 };

/**
 * One decision per field: explicit mappings always win; an instruction to leave a field empty beats
 * instructions and documents; otherwise the higher source, then the higher confidence.
 */
export function resolvePlan(plans: FillPlan[]): Map<string, FieldDecision> {
  const decisions = new Map<string, FieldDecision>();
  const exclusions = new Map(
    plans.flatMap((plan) => plan.exclusions).map((exclusion) => [exclusion.fieldName, exclusion]),
  );
  for (const assignment of plans.flatMap((plan) => plan.assignments)) {
    const exclusion = exclusions.get(assignment.fieldName);
    if (exclusion && assignment.source !== "mapping") continue;
    const current = decisions.get(assignment.fieldName)?.assignment;
    const better =
      !current ||
      rank[assignment.source] > rank[current.source] ||
      (rank[assignment.source] === rank[current.source] && assignment.confidence > current.confidence);
    if (better) decisions.set(assignment.fieldName, { assignment });
  }
  for (const [fieldName, exclusion] of exclusions) {
    if (!decisions.get(fieldName)?.assignment) decisions.set(fieldName, { exclusion });
  }
  return decisions;
}

/** Every unresolved note of the plans, in order, without repeats. */
export function unresolvedNotes(plans: FillPlan[]): string[] {
  return [...new Set(plans.flatMap((plan) => plan.unresolved))];
}
