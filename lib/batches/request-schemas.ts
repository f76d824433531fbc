import { z } from "zod";
import { ProcessingModeSchema } from "./processing-mode";

// Request and small response schemas of /api/batch operations other than reading.

const Unit = z.number().min(0).max(1);
const Box = z.object({ x: Unit, y: Unit, width: Unit, height: Unit });
const BoxedText = z.object({ text: z.string(), confidence: Unit, box: Box });
const Word = BoxedText.extend({
  angle: z.number().min(-180).max(360).optional().describe("Degrees the word is turned clockwise in the page image; box is its axis-aligned bound."),
  original_text: z.string().optional().describe("The engine's reading, kept when text was corrected."),
});
const Line = BoxedText.extend({ firstWord: z.number().int().min(0), wordCount: z.number().int().min(0) });
const Block = BoxedText.extend({ firstLine: z.number().int().min(0), lineCount: z.number().int().min(0) });

/** The stored shape of a page's boxes; edits must keep it so the viewer and extraction can read them. */
export const BoundingBoxesInput = z
  .object({
    width: z.number().min(0),
    height: z.number().min(0),
    unit: z.enum(["pt", "px"]),
    orientation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]).optional().describe("Clockwise quarter turn the text was read at."),
    words: z.array(Word),
    lines: z.array(Line).default([]),
    blocks: z.array(Block).default([]),
  })
  .meta({ id: "BoundingBoxes" });

const PageFields = {
  extracted_text: z.string().max(1_000_000).optional(),
  bounding_boxes: BoundingBoxesInput.optional(),
  structured_data: z.record(z.string(), z.unknown()).optional(),
};

const atLeastOneField = (page: { extracted_text?: unknown; bounding_boxes?: unknown; structured_data?: unknown }) =>
  page.extracted_text !== undefined || page.bounding_boxes !== undefined || page.structured_data !== undefined;
const nothingToUpdate = { message: "Give at least one of extracted_text, bounding_boxes, structured_data" };

export const PageUpdateRequest = z.object(PageFields).strict().refine(atLeastOneField, nothingToUpdate).meta({ id: "PageUpdateRequest" });
export type PageUpdate = z.infer<typeof PageUpdateRequest>;

export const DocumentPagesUpdateRequest = z
  .array(
    z
      .object({ page_number: z.number().int().min(1), ...PageFields })
      .strict()
      .refine(atLeastOneField, nothingToUpdate),
  )
  .min(1)
  .max(1000)
  .refine((pages) => new Set(pages.map((page) => page.page_number)).size === pages.length, { message: "Each page_number may appear once" })
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
    edited_pages_kept: z.number().int().describe("Edited pages in the retried documents; their edited versions are kept, not overwritten."),
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
  .object({ batch_id: z.string().uuid(), deleted: z.literal(true), documents_deleted: z.number().int(), message: z.string() })
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
