import { z } from "zod";

export const TemplateFieldInput = z.object({
  name: z.string().min(1).max(200).describe("The template's label for the field, e.g. 'Invoice number'."),
  type: z.enum(["string", "number", "date"]).default("string").describe("Values of another type are not proposed."),
  cell: z
    .string()
    .max(100)
    .optional()
    .describe("Where the value goes, e.g. Sheet1!B3 (known from a spreadsheet template)."),
});

export const AutomapRequest = z
  .object({
    template_fields: z
      .array(TemplateFieldInput)
      .min(1)
      .max(500)
      .optional()
      .describe("The template's fields, when no spreadsheet is given."),
    template_file_id: z
      .string()
      .optional()
      .describe("A spreadsheet template in the caller's library (GET /api/batch/library)."),
    template_base64: z.string().max(30_000_000).optional().describe("A spreadsheet template sent inline (base64)."),
    template_file_name: z
      .string()
      .max(255)
      .optional()
      .describe("Name of the inline template, for its format (default template.xlsx)."),
  })
  .refine((request) => request.template_fields || request.template_file_id || request.template_base64, {
    message: "Give template_fields, a template_file_id from your library, or template_base64.",
  });
export type AutomapRequest = z.infer<typeof AutomapRequest>;

const BoxSchema = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const AutomapMapping = z.object({
  template_field: z.string(),
  cell: z
    .string()
    .nullable()
    .describe("The template cell the value goes to (null when the fields were given without cells)."),
  source: z
    .string()
    .describe('The document label the value was read under (key-value key or table column header), or "model".'),
  value: z.string(),
  page: z.number().int(),
  box: BoxSchema.nullable(),
  confidence: z.number().min(0).max(1),
  reason: z.string(),
});

export const AutomapResponse = z.object({
  batch_id: z.string(),
  document_id: z.string(),
  engine: z
    .string()
    .describe(
      '"offline" (label similarity, type and value checks, one-to-one assignment) or "ai:<provider:model>" (values grounded on the words the model cites).',
    ),
  ai_error: z.string().optional().describe("Why the AI provider did not answer (the offline engine did)."),
  mappings: z.array(AutomapMapping),
  unmapped: z.array(z.object({ template_field: z.string(), cell: z.string().nullable(), reason: z.string() })),
  cell_mappings: z
    .record(z.string(), z.string())
    .describe("The mappings with a cell, ready as /v1/fill/excel's cell_mappings (fill_mode explicit)."),
});

export const MappingChatRequest = z
  .object({
    question: z
      .string()
      .min(1)
      .max(20_000)
      .optional()
      .describe("What to look for, e.g. 'Where is the invoice total?'."),
    field: z.string().min(1).max(200).optional().describe("A template field name to find values for."),
    limit: z.number().int().min(1).max(50).default(10),
  })
  .refine((request) => request.question || request.field, { message: "Give a question or a field." });

export const MappingChatResponse = z.object({
  query: z.string(),
  matches: z.array(
    z.object({
      value: z.string(),
      label: z.string().nullable().describe("The label the value stands under, when it is a key-value."),
      context: z.string().describe("The whole line around the value."),
      page: z.number().int(),
      box: BoxSchema,
      similarity: z.number().min(0).max(1),
    }),
  ),
});
