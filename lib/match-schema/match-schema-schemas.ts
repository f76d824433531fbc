import { z } from "zod";

export const MAX_MATCH_FIELDS = 200;
export const MATCH_FIELD_TYPES = ["string", "number", "date", "boolean"] as const;

const FieldType = z.enum(MATCH_FIELD_TYPES, { error: `type must be one of: ${MATCH_FIELD_TYPES.join(", ")}` });
const FieldName = z.string().trim().min(1, "name must not be empty").max(200);

const SchemaList = z.array(
  z.object({
    name: FieldName.describe("The field's name; also the key of values in the answer."),
    type: FieldType.default("string").describe("string | number | date | boolean."),
    description: z
      .string()
      .max(500)
      .optional()
      .describe("What the field means, for the AI provider (the deterministic engine matches on the name)."),
  }),
);
const SchemaMap = z.record(FieldName, FieldType);

export type MatchField = { name: string; type: (typeof MATCH_FIELD_TYPES)[number]; description?: string };

/** The schema as a list or a {name: type} map, or either as a JSON string; normalised to a list. */
export const MatchSchemaField = z
  // Loose here, checked in the transform, so a wrong type gets its own message rather than "Invalid input".
  .union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())], {
    error: "schema must be a list of {name, type}, a {name: type} map, or either as JSON",
  })
  .transform((value, context): MatchField[] => {
    let parsed: unknown = value;
    if (typeof value === "string") {
      try {
        parsed = JSON.parse(value);
      } catch (error) {
        context.addIssue({
          code: "custom",
          message: `schema is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
        });
        return z.NEVER;
      }
    }
    const list = Array.isArray(parsed)
      ? SchemaList.safeParse(parsed)
      : SchemaMap.transform((map) => Object.entries(map).map(([name, type]) => ({ name, type }))).safeParse(parsed);
    if (!list.success) {
      for (const issue of list.error.issues)
        context.addIssue({ code: "custom", message: issue.message, path: issue.path.map(String) });
      return z.NEVER;
    }
    const fields = list.data as MatchField[];
    if (fields.length === 0) context.addIssue({ code: "custom", message: "schema must list at least one field" });
    if (fields.length > MAX_MATCH_FIELDS)
      context.addIssue({
        code: "custom",
        message: `schema has ${fields.length} fields; at most ${MAX_MATCH_FIELDS} are allowed`,
      });
    const names = fields.map((field) => field.name);
    const duplicate = names.find((name, index) => names.indexOf(name) !== index);
    if (duplicate) context.addIssue({ code: "custom", message: `schema names the field "${duplicate}" twice` });
    return fields;
  })
  .describe(
    '[{name, type, description?}] or {name: type} (or either as a JSON string); type is string, number, date or boolean; at most 200 fields. E.g. {"invoice_number":"string","total":"number"}.',
  );

export const MatchSchemaRequest = z
  .object({
    text: z
      .string()
      .optional()
      .describe("The text to match (at most 100 KB anonymously, 1 MB signed in). Give text or document_id."),
    document_id: z
      .string()
      .optional()
      .describe("One of the signed-in caller's documents (its stored text, edits included) instead of text."),
    schema: MatchSchemaField,
  })
  .strict()
  .meta({ id: "MatchSchemaRequest", title: "MatchSchemaRequest" });

const Box = z
  .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
  .describe("0–1 from the page's top-left.");

export const MatchedField = z
  .object({
    name: z.string().describe("The schema field's name."),
    type: z.enum(MATCH_FIELD_TYPES).describe("The schema field's type."),
    value: z
      .string()
      .nullable()
      .describe(
        "Normalised value: decimals with a dot, ISO dates, true/false; null when the text does not contain it.",
      ),
    typed_value: z
      .union([z.string(), z.number(), z.boolean()])
      .nullable()
      .describe("The value as its type: a number, an ISO date string, a boolean, a string."),
    confidence: z.number().min(0).max(1).describe("0–1; 0 when absent."),
    quote: z.string().nullable().describe("The text the value was read from, as written."),
    start: z
      .number()
      .int()
      .nullable()
      .describe("text input: character offset of quote in text (UTF-16 code units, as JavaScript counts)."),
    end: z.number().int().nullable().describe("text input: offset just after quote."),
    page: z.number().int().nullable().describe("document_id input: the page the value is on."),
    box: Box.nullable().describe("document_id input: where the value is on that page."),
  })
  .meta({ id: "MatchedField", title: "MatchedField" });

export const MatchSchemaResponse = z
  .object({
    engine: z
      .string()
      .describe('Who answered: "deterministic", or "ai:<provider:model>" when an AI provider is configured.'),
    document_id: z.string().nullable().describe("The matched document, or null for text."),
    fields: z.array(MatchedField).describe("Every schema field, in schema order."),
    values: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]).nullable())
      .describe("typed_value by field name."),
  })
  .meta({ id: "MatchSchemaResponse", title: "MatchSchemaResponse" });

export type MatchSchemaInput = z.infer<typeof MatchSchemaRequest>;
export type MatchedFieldBody = z.infer<typeof MatchedField>;
