import { resolvePlan, unresolvedNotes } from "../map/resolve-plan";
import type { FillPlan, FilledFieldDetail, FormField } from "../types";
import { coerceFieldValue } from "./coerce-field-value";
import { flattenForm } from "./flatten-form";
import { loadFillableForm } from "./load-form";
import { completeAppearances, FillFonts, writeFieldValue } from "./write-form-values";

export interface FillPdfFormResult {
  pdf: Buffer;
  details: FilledFieldDetail[];
  fieldsFilled: number;
  fieldsTotal: number;
  /** Instruction clauses and mapping keys nothing could be made of. */
  unresolved: string[];
}

function round(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 100) / 100;
}

/**
 * Fills a PDF form from the mappers' plans: one decision per field (explicit mappings first), each
 * value coerced to its field's type and drawn with a font that can draw it, optionally flattened.
 * Pure: bytes in, bytes out. `fields` are the form's fields as readPdfForm found them.
 */
export async function fillPdfForm(options: {
  pdf: Buffer;
  fields: FormField[];
  plans: FillPlan[];
  flatten?: boolean;
  /** Checked between fields: a cancelled job stops here rather than after the last field. */
  signal?: AbortSignal;
}): Promise<FillPdfFormResult> {
  const document = await loadFillableForm(options.pdf);
  const form = document.getForm();
  const fonts = await FillFonts.create(document);
  const decisions = resolvePlan(options.plans);
  const details: FilledFieldDetail[] = [];

  for (const field of options.fields) {
    options.signal?.throwIfAborted();
    const base = { field_name: field.name, field_type: field.kind, label: field.label };
    const unfilled = (reason: string): FilledFieldDetail => ({
      ...base,
      filled: false,
      value: field.currentValue ?? "",
      confidence: 0,
      reason,
    });
    if (field.kind === "signature") {
      details.push(unfilled("Signature field: reported, never signed on your behalf"));
      continue;
    }
    const decision = decisions.get(field.name);
    if (!decision?.assignment) {
      details.push(
        unfilled(
          decision?.exclusion
            ? `Left empty: ${decision.exclusion.reason}`
            : "No value for this field in the mappings, instructions or source documents",
        ),
      );
      continue;
    }
    const { assignment } = decision;
    const coerced = coerceFieldValue(field, assignment.value);
    if (!coerced.ok) {
      details.push(unfilled(`${assignment.reason}; not written: ${coerced.reason}`));
      continue;
    }
    const notes = await writeFieldValue(form.getField(field.name), coerced, fonts);
    const allNotes = [coerced.note, ...notes].filter(Boolean).join("; ");
    const detail: FilledFieldDetail = {
      ...base,
      filled: true,
      value: coerced.display,
      confidence: round(assignment.confidence * coerced.factor),
      reason: allNotes ? `${assignment.reason} (${allNotes})` : assignment.reason,
      source: assignment.source,
    };
    if (assignment.sourceFile) detail.source_file = assignment.sourceFile;
    if (assignment.page !== undefined) detail.page = assignment.page;
    if (assignment.box) detail.box = assignment.box;
    details.push(detail);
  }

  await completeAppearances(document, fonts);
  if (options.flatten) flattenForm(document);
  const pdf = Buffer.from(await document.save({ updateFieldAppearances: false }));
  return {
    pdf,
    details,
    fieldsFilled: details.filter((detail) => detail.filled).length,
    fieldsTotal: options.fields.length,
    unresolved: unresolvedNotes(options.plans),
  };
}
