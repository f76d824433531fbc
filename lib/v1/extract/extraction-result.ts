import { z } from "zod";

// The extraction result of developer-api.md ("Extraction result"), plus what the spec leaves open:
// detail mode, several files, and csv/xml output. Used for the 200 answer, Job.result and the
// webhook's data.result, and documented in the OpenAPI document from these schemas.

const Box = z
  .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
  .describe("Normalised to the page: 0–1 from the top-left corner.")
  .meta({ id: "ExtractionBox" });

export const ExtractedTable = z
  .object({
    page: z.number().int().describe("First page of the table (tables continued over a page break are merged)."),
    pages: z.array(z.number().int()),
    rows: z.array(z.array(z.string())),
    source: z
      .enum(["document", "layout"])
      .describe("document: the file's own table structure (spreadsheet, DOCX); layout: found from word positions."),
    document: z
      .number()
      .int()
      .optional()
      .describe("Index in documents of the file the table comes from (several files only)."),
    box: Box.optional().describe("detail=true only."),
  })
  .meta({ id: "ExtractedTable" });

export const FieldDetail = z
  .object({
    name: z.string(),
    value: z.string().nullable(),
    type: z.enum(["string", "number", "date"]).optional().describe("The schema type (schema-guided extraction only)."),
    page: z.number().int().nullable(),
    box: Box.nullable(),
    confidence: z
      .number()
      .describe(
        "0–1: about how often a value chosen on such evidence is right. A receipt's or invoice's issuer name, address, date and total are chosen by trained models (lib/extraction/fields/models/receipt-fields, see its MODEL_CARD.md) and their confidence is calibrated: the model's score mapped (isotonic regression, on receipts held out from training) to the share of values at that score that were right, so 0.9 means about 9 in 10 such values were right. Values at 0.9 or more were right 97.8% of the time on held-out receipts with simulated OCR slips, and 97.4% and 90.2% on the two halves of a set of scanned receipts read by this service's OCR (a letter OCR misread while sure of it does not lower the number; the model card gives the figures). Other schema fields, matched to a labelled key-value pair, carry the pair's confidence times how well its label matches the field's name. `reason` ends with what the number rests on.",
      ),
    words: z.array(z.string()).describe("The document words the value was read from."),
    reason: z
      .string()
      .optional()
      .describe(
        'How the value was decided, where evidence was weighed (what made a date day-first or month-first, which arithmetic confirmed or contradicted a total), then what its confidence rests on ("confidence 0.97: model score 0.93, right 97% of the time at this score on held-out receipts").',
      ),
  })
  .meta({ id: "ExtractionFieldDetail" });

export const PageText = z
  .object({
    page: z.number().int(),
    text: z.string(),
    width: z.number(),
    height: z.number(),
    unit: z.enum(["pt", "px"]),
    source: z.enum(["text_layer", "ocr", "office"]).describe("Where the text came from."),
    confidence: z.number().describe("Mean word confidence 0–1."),
  })
  .meta({ id: "ExtractionPageText" });

export const Entity = z
  .object({ type: z.string(), text: z.string(), value: z.string(), page: z.number().int() })
  .meta({ id: "ExtractionEntity" });

/** One file's extraction (also the per-file entries of documents). */
export const DocumentExtraction = z
  .object({
    file_name: z.string(),
    document_type: z
      .string()
      .describe("invoice, receipt, form, bank_statement, letter, contract, id_document or other."),
    language: z.string().describe("ISO 639-1 code, or und when undetermined."),
    confidence: z.number().describe("Overall confidence, 0–1."),
    fields: z
      .record(z.string(), z.string().nullable())
      .describe(
        "With a schema: exactly the schema's fields (null when absent). Without: the key-value pairs found, a label left blank on the form with an empty string.",
      ),
    tables: z.array(ExtractedTable),
    entities: z
      .array(Entity)
      .describe("Dates, amounts, e-mail addresses, phone numbers, URLs, IBANs and ids found in the text."),
    pages_processed: z.number().int(),
    processing_time_ms: z.number().int(),
    engine: z.string().describe("deterministic (offline engine) or ai:<provider:model>."),
    field_details: z.array(FieldDetail).optional().describe("detail=true only: where each value came from."),
    pages: z.array(PageText).optional().describe("detail=true only: each page's text."),
  })
  .meta({ id: "DocumentExtraction" });

export type DocumentExtraction = z.infer<typeof DocumentExtraction>;

export const OUTPUT_FORMATS = ["json", "csv", "xml"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const RenderedOutput = z
  .object({
    format: z.enum(["csv", "xml"]),
    content_type: z.string(),
    content: z
      .string()
      .describe("The result rendered as CSV (a fields section, then one section per table) or XML (the whole result)."),
  })
  .meta({ id: "ExtractionOutput" });

const example = {
  model: "docsvc-OCR-v1-2025-02",
  document_type: "invoice",
  language: "en",
  confidence: 0.97,
  fields: { invoice_number: "INV-1042", total: "1250.00", due_date: "2025-03-14" },
  tables: [
    {
      page: 1,
      pages: [1],
      source: "layout",
      rows: [
        ["Item", "Qty", "Price"],
        ["Widget", "2", "625.00"],
      ],
    },
  ],
  entities: [{ type: "date", text: "14 March 2025", value: "2025-03-14", page: 1 }],
  pages_processed: 1,
  processing_time_ms: 412,
  engine: "deterministic",
};

/** The extraction result of one request (one file or several). */
export const ExtractionResult = DocumentExtraction.omit({ file_name: true })
  .extend({
    model: z.string().describe("The dated model id that ran (an alias resolves to its newest version)."),
    documents: z
      .array(DocumentExtraction)
      .optional()
      .describe(
        "Several files only: each file's own result, in upload order. The top level then merges them: fields take the first non-null value per name, tables and entities are concatenated, pages_processed is the sum.",
      ),
    output: RenderedOutput.optional().describe("output_format csv or xml only."),
    download_url: z
      .string()
      .optional()
      .describe(
        "output_format csv or xml only: the rendered file, as a path to append to the base address, until the job's expires_at.",
      ),
  })
  .meta({ id: "ExtractionResult", examples: [example] });

export type ExtractionResult = z.infer<typeof ExtractionResult>;

/** 200 of a synchronous POST /v1/extract. */
export const ExtractCompletedResponse = z
  .object({
    id: z
      .string()
      .uuid()
      .describe("The job recorded for this request (listed by GET /v1/jobs, counted by GET /v1/usage)."),
    status: z.literal("completed"),
    result: ExtractionResult,
  })
  .meta({
    id: "ExtractCompletedResponse",
    examples: [{ id: "7d1c7a52-3c1e-4b55-9a8e-2f7f4b8a9c11", status: "completed", result: example }],
  });

/** 202 of an asynchronous POST /v1/extract. */
export const ExtractAcceptedResponse = z
  .object({
    id: z.string().uuid(),
    status: z.literal("processing"),
    poll_url: z.string().describe("The path /v1/jobs/<id>; append it to the base address."),
  })
  .meta({
    id: "ExtractAcceptedResponse",
    examples: [
      {
        id: "7d1c7a52-3c1e-4b55-9a8e-2f7f4b8a9c11",
        status: "processing",
        poll_url: "/v1/jobs/7d1c7a52-3c1e-4b55-9a8e-2f7f4b8a9c11",
      },
    ],
  });
