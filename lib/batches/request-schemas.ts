import { z } from "zod";
import { textMatchesWords } from "./apply-word-edits";
import { ProcessingModeSchema } from "./processing-mode";

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
      "The page text. Alone, for a page with words, it corrects those words (one whitespace-separated token per word, in reading order; a different count is a 422) and is rebuilt from them.",
    ),
  bounding_boxes: BoundingBoxesInput.optional(),
  structured_data: z.record(z.string(), z.unknown()).optional(),
  word_edits: z
    .array(WordEdit)
    .min(1)
    .max(10_000)
    .optional()
    .describe(
      "Corrections of single words: each word's text changes in bounding_boxes (the engine's reading kept as original_text) and extracted_text is rebuilt from the words. Not combined with extracted_text or bounding_boxes.",
    ),
};

type PageFieldValues = {
  extracted_text?: string;
  bounding_boxes?: z.infer<typeof BoundingBoxesInput>;
  structured_data?: unknown;
  word_edits?: unknown;
};

/** Every page edit must change something, and may not make the page's text and words disagree. */
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
  const words = page.bounding_boxes?.words ?? [];
  if (page.extracted_text !== undefined && words.length > 0 && !textMatchesWords(page.extracted_text, words)) {
    context.addIssue({
      code: "custom",
      path: ["extracted_text"],
      message:
        "extracted_text does not match the words of bounding_boxes; correct the words (word_edits) or send both in agreement",
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

export const DocumentUpdateSummary = z
  .object({
    batch_id: z.string().uuid(),
    document_id: z.string().uuid(),
    pages_updated: z.number().int(),
    page_numbers: z.array(z.number().int()),
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
