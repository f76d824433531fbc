import { z } from "zod";
import { ProcessingModeSchema } from "./processing-mode";
import { PageResponse } from "./schemas";

// Request and small response schemas of /api/batch operations other than reading.

const Unit = z.number().min(0).max(1);
const Box = z.object({ x: Unit, y: Unit, width: Unit, height: Unit });
const BoxedText = z.object({ text: z.string(), confidence: Unit, box: Box });
const Word = BoxedText.extend({
  angle: z
    .number()
    .min(-180)
    .max(360)
    .optional()
    .describe("Degrees the word is turned clockwise in the page image; box is its axis-aligned bound."),
  original_text: z.string().optional().describe("The engine's reading, kept when text was corrected."),
  estimated: z
    .boolean()
    .optional()
    .describe("The box was placed by estimate (a word typed into the page's text), not measured on the image."),
});
const SharedAngle = z
  .number()
  .min(-180)
  .max(360)
  .optional()
  .describe("Degrees turned clockwise, when all its words (or lines) are turned alike.");
const Line = BoxedText.extend({
  firstWord: z.number().int().min(0),
  wordCount: z.number().int().min(0),
  angle: SharedAngle,
});
const Block = BoxedText.extend({
  firstLine: z.number().int().min(0),
  lineCount: z.number().int().min(0),
  angle: SharedAngle,
});

/** The stored shape of a page's boxes; edits must keep it so the viewer and extraction can read them. */
export const BoundingBoxesInput = z
  .object({
    width: z.number().min(0),
    height: z.number().min(0),
    unit: z.enum(["pt", "px"]),
    orientation: z
      .union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)])
      .optional()
      .describe("Clockwise quarter turn the text was read at."),
    text_replaced: z
      .boolean()
      .optional()
      .describe("A person replaced the page's text with text unrelated to its words: every word's box is an estimate."),
    words: z.array(Word),
    lines: z.array(Line).default([]),
    blocks: z.array(Block).default([]),
  })
  .meta({ id: "BoundingBoxes" });

const WordEdit = z
  .object({
    index: z.number().int().min(0).describe("Index of the word in bounding_boxes.words."),
    text: z.string().trim().min(1).max(1000).describe("The corrected text of the word."),
  })
  .strict()
  .meta({ id: "WordEdit" });

const PageFields = {
  extracted_text: z
    .string()
    .max(1_000_000)
    .optional()
    .describe(
      "The page text, stored as sent. For a page with words it is placed on them (with bounding_boxes when they are sent, else on the stored words): " +
        "unchanged words keep their boxes, corrected words take the boxes of the words they replace (the engine's reading kept as original_text), " +
        "inserted words get a box between their neighbours on the line, marked estimated, and deleted words lose theirs. " +
        "A text unrelated to the words replaces them: its words are spread over the page's lines, all estimated, and bounding_boxes.text_replaced is true.",
    ),
  bounding_boxes: BoundingBoxesInput.optional(),
  structured_data: z.record(z.string(), z.unknown()).optional(),
  word_edits: z
    .array(WordEdit)
    .min(1)
    .max(10_000)
    .optional()
    .describe(
      "Corrections of single words, the precise path: each word's text changes in bounding_boxes (the engine's reading kept as original_text) and extracted_text is rebuilt from the words. Not combined with extracted_text or bounding_boxes.",
    ),
};

type PageFieldValues = {
  extracted_text?: string;
  bounding_boxes?: unknown;
  structured_data?: unknown;
  word_edits?: unknown;
};

/** Every page edit must change something; word edits rebuild the text, so they come alone. */
function checkPageEdit(page: PageFieldValues, context: z.RefinementCtx): void {
  if (
    page.extracted_text === undefined &&
    page.bounding_boxes === undefined &&
    page.structured_data === undefined &&
    page.word_edits === undefined
  ) {
    context.addIssue({
      code: "custom",
      message: "Give at least one of extracted_text, bounding_boxes, structured_data, word_edits",
    });
  }
  if (page.word_edits !== undefined && (page.extracted_text !== undefined || page.bounding_boxes !== undefined)) {
    context.addIssue({
      code: "custom",
      path: ["word_edits"],
      message: "word_edits rebuilds extracted_text from the words: send it without extracted_text and bounding_boxes",
    });
  }
}

export const PageUpdateRequest = z
  .object(PageFields)
  .strict()
  .superRefine(checkPageEdit)
  .meta({ id: "PageUpdateRequest" });
export type PageUpdate = z.infer<typeof PageUpdateRequest>;

export const DocumentPagesUpdateRequest = z
  .array(
    z
      .object({ page_number: z.number().int().min(1).max(100_000), ...PageFields })
      .strict()
      .superRefine(checkPageEdit),
  )
  .min(1)
  .max(1000)
  .refine((pages) => new Set(pages.map((page) => page.page_number)).size === pages.length, {
    message: "Each page_number may appear once",
  })
  .meta({ id: "DocumentPagesUpdateRequest" });

export const WordChanges = z
  .object({
    kept: z.number().int().describe("Words left as they were, on their boxes."),
    changed: z.number().int().describe("Words corrected: on the boxes of the words they replace, original_text kept."),
    inserted: z.number().int().describe("New words with no counterpart, on estimated boxes."),
    removed: z.number().int().describe("Words deleted, with their boxes."),
    text_replaced: z
      .boolean()
      .describe("The text had almost nothing in common with the words: it replaced them, every box an estimate."),
  })
  .meta({ id: "WordChanges" });

export const PageUpdateResponse = PageResponse.extend({
  word_changes: WordChanges.nullable().describe(
    "How the page's words changed, when the edit changed text (null for a page without words or an edit of structured_data alone).",
  ),
}).meta({ id: "PageUpdateResponse" });

export const DocumentUpdateSummary = z
  .object({
    batch_id: z.string().uuid(),
    document_id: z.string().uuid(),
    pages_updated: z.number().int(),
    page_numbers: z.array(z.number().int()),
    word_changes: z
      .array(WordChanges.extend({ page_number: z.number().int() }))
      .describe("Per page whose text was changed: how its words changed."),
    edited_at: z.string().datetime(),
    message: z.string(),
  })
  .meta({ id: "DocumentUpdateSummary" });

export const RetryRequest = z
  .object({ processing_mode: ProcessingModeSchema.default("normal") })
  .strict()
  .meta({ id: "RetryRequest" });

export const RetryResponse = z
  .object({
    batch_id: z.string().uuid(),
    status: z.string(),
    retried_documents: z.array(z.string().uuid()),
    retried_count: z.number().int(),
    processing_mode: z.string(),
    edited_pages_kept: z
      .number()
      .int()
      .describe("Edited pages in the retried documents; their edited versions are kept, not overwritten."),
    message: z.string(),
  })
  .meta({ id: "RetryResponse" });

export const ProcessBatchQuery = z.object({
  processing_mode: ProcessingModeSchema.optional(),
  amet_session_id: z.string().max(200).optional().describe("Client session id; echoed back, not used for processing."),
});

export const ProcessBatchResponse = z
  .object({
    batch_id: z.string().uuid(),
    status: z.string(),
    queued_documents: z.array(z.string().uuid()),
    processing_mode: z.string(),
    amet_session_id: z.string().nullable(),
    message: z.string(),
  })
  .meta({ id: "ProcessBatchResponse" });

export const DeleteBatchResponse = z
  .object({
    batch_id: z.string().uuid(),
    deleted: z.literal(true),
    documents_deleted: z.number().int(),
    message: z.string(),
  })
  .meta({ id: "DeleteBatchResponse" });

export const DeleteDocumentResponse = z
  .object({
    batch_id: z.string().uuid(),
    document_id: z.string().uuid(),
    deleted: z.literal(true),
    batch_deleted: z.boolean().describe("True when this was the batch's last document, so the batch was removed too."),
    message: z.string(),
  })
  .meta({ id: "DeleteDocumentResponse" });

export const RenameBatchRequest = z
  .object({
    batch_name: z
      .string()
      .max(200)
      .nullable()
      .describe("The new name; null or blank removes the name (lists then show when the batch was uploaded)."),
  })
  .strict()
  .meta({ id: "RenameBatchRequest" });

export const RenameBatchResponse = z
  .object({ batch_id: z.string().uuid(), batch_name: z.string().nullable(), message: z.string() })
  .meta({ id: "RenameBatchResponse" });
