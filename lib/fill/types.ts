import type { Box } from "@/lib/pages/types";

// The shapes shared by PDF and Excel filling: what a form asks for, and what was decided to put in it.

export type FormFieldKind = "text" | "checkbox" | "radio" | "dropdown" | "option_list" | "signature";

/** The kind of value a field expects, from its kind, label and format hints. */
export type FieldValueType = "text" | "date" | "number" | "email" | "phone" | "boolean" | "choice" | "signature";

export interface FormField {
  /** Fully qualified AcroForm name: what field_mappings keys refer to. */
  name: string;
  kind: FormFieldKind;
  /** The best human label: tooltip, else nearby page text, else the readable name. */
  label: string;
  tooltip?: string;
  readableName: string;
  nearbyText?: string;
  /** The heading ("Section 3", "Part II") the field sits under, when the page has one. */
  section?: string;
  valueType: FieldValueType;
  /** Radio, dropdown and option-list choices (export values for radios). */
  options?: string[];
  /** Page text next to each radio option's widget, parallel to `options` ("" when none). */
  optionLabels?: string[];
  /** A checkbox's on-state name (/Yes, /On, …). */
  onState?: string;
  maxLength?: number;
  multiline?: boolean;
  comb?: boolean;
  readOnly: boolean;
  required: boolean;
  /** The value stored in the form before filling. */
  currentValue?: string;
  /** 1-based page of the first widget. */
  page: number;
  /** First widget's rectangle, normalised 0–1 from the page's top-left corner. */
  box: Box;
}

export type AssignmentSource = "mapping" | "instruction" | "document";

/** A value decided for a field (before coercion to the field's type), with why. */
export interface FieldAssignment {
  fieldName: string;
  value: string;
  /** 0–1: how sure the mapper is that this value belongs in this field. */
  confidence: number;
  reason: string;
  source: AssignmentSource;
  /** For values read from a source document: where. */
  sourceFile?: string;
  page?: number;
  box?: Box;
}

/** An instruction asking that a field stay empty ("leave section 3 empty"). */
export interface FieldExclusion {
  fieldName: string;
  reason: string;
}

/** What the mappers produce; explicit mappings win over instructions, instructions over documents. */
export interface FillPlan {
  assignments: FieldAssignment[];
  exclusions: FieldExclusion[];
  /** Instruction clauses nothing could be made of, reported rather than dropped silently. */
  unresolved: string[];
}

/** One entry of field_details in the fill_pdf result. */
export interface FilledFieldDetail {
  field_name: string;
  field_type: FormFieldKind;
  label: string;
  filled: boolean;
  value: string;
  /** 0–1 (a fraction, not a percentage). 0 for fields left unfilled. */
  confidence: number;
  reason: string;
  source?: AssignmentSource;
  source_file?: string;
  page?: number;
  box?: Box;
}
