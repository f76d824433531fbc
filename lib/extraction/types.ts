import type { Box } from "@/lib/pages/types";

export type DocumentType =
  "invoice" | "receipt" | "form" | "bank_statement" | "letter" | "contract" | "id_document" | "other";

export interface KeyValuePair {
  key: string;
  value: string;
  page: number;
  keyBox?: Box;
  valueBox?: Box;
  /** 0–1. */
  confidence: number;
  /**
   * How the pair was found: same line after a colon or gap, the line below (or the column under a
   * heading), a checkbox marked beside its option (value "X" or the mark), a form field, or by the
   * AI model (grounded on the words it cited; keyBox is absent when the label was implicit).
   */
  method: "colon" | "gap" | "below" | "checkbox" | "form_field" | "model";
}

export interface ExtractedTable {
  /** First page of the table (tables continued across a page break are merged). */
  page: number;
  pages: number[];
  rows: string[][];
  box?: Box;
  source: "document" | "layout";
}

export type EntityType = "date" | "amount" | "email" | "phone" | "url" | "iban" | "id";

export interface Entity {
  type: EntityType;
  text: string;
  /** Normalised value: ISO date, decimal amount, lower-case email… */
  value: string;
  currency?: string;
  page: number;
  box?: Box;
}

/** How a document writes numeric dates: "25/12/2018" is day-first, "12/25/2018" month-first. */
export type DateOrder = "day-first" | "month-first";

export type SchemaFieldType = "string" | "number" | "date";

export interface SchemaField {
  name: string;
  type: SchemaFieldType;
}

export interface FieldDetail {
  name: string;
  type: SchemaFieldType;
  /** Normalised string ("100.44", "2025-03-14") or null when absent. */
  value: string | null;
  typedValue: string | number | null;
  page: number | null;
  box: Box | null;
  /** The document words the value was read from. */
  words: string[];
  /** About how often a value chosen on such evidence is right (field-confidence.ts: calibrated on held-out receipts). */
  confidence: number;
  /** How the value was decided, when rules weighed evidence (a date's order, a total's arithmetic check), and what its confidence rests on. */
  reason?: string;
}

export type ExtractionEngine = "deterministic" | `ai:${string}`;

export interface DocumentStructure {
  documentType: DocumentType;
  language: string;
  keyValuePairs: KeyValuePair[];
  tables: ExtractedTable[];
  entities: Entity[];
  /** Present when a schema was given: exactly the schema's fields. */
  fields?: Record<string, string | null>;
  fieldDetails?: FieldDetail[];
  confidence: number;
  /**
   * Who answered: "deterministic", or "ai:<provider:model>" when the model gave the document type,
   * the key-value pairs (filled AcroForm values excepted) and the schema's fields. Tables, entities
   * and language always come from the layout engine.
   */
  engine: ExtractionEngine;
}
