import { z } from "zod";

// Response schemas of /api/batch, named after the spec where it names them.

const Status = z
  .enum(["uploaded", "queued", "processing", "completed", "partially_completed", "failed"])
  .describe(
    "uploaded → queued → processing → completed | partially_completed | failed; retry re-queues failed, partially completed and stuck documents.",
  );

export const UploadedDocument = z
  .object({
    document_id: z.string().uuid(),
    file_name: z.string(),
    size_bytes: z.number().int(),
    content_type: z.string().describe("MIME type detected from the file's bytes, not its name."),
    type: z.string().describe("Format id from GET /v1/formats (pdf, png, docx, …)."),
    page_count: z.number().int().nullable().describe("Pages, when they can be counted without converting the file."),
    status: Status,
  })
  .meta({ id: "BatchUploadedDocument" });

export const RejectedUploadFile = z
  .object({
    file_index: z.number().int().describe("Position of the file in the request's files field, from 0."),
    file_name: z.string(),
    code: z
      .string()
      .describe("Error code, as the same file alone would be refused with (unsupported_format, file_too_large, …)."),
    message: z.string().describe("Why the file was refused, in words for a person."),
  })
  .meta({ id: "RejectedUploadFile" });

export const BatchUploadResponse = z
  .object({
    batch_id: z.string().uuid(),
    batch_name: z.string().nullable(),
    status: Status,
    processing_mode: z.string(),
    model: z.string().describe("Dated OCR model the batch is read with."),
    created_at: z.string().datetime(),
    total_files: z.number().int(),
    total_pages: z.number().int().describe("Known pages of all files (a file whose pages are unknown counts as 1)."),
    processing_started: z
      .boolean()
      .describe("False when uploaded with skip_processing; start with POST /api/batch/{batch_id}/process."),
    documents: z.array(UploadedDocument).describe("The accepted files, in the order they were sent."),
    rejected: z
      .array(RejectedUploadFile)
      .describe("Files refused on their own (empty, too large, unreadable, too many pages); the others were accepted."),
    message: z.string(),
  })
  .meta({ id: "BatchUploadResponse" });

export const DocumentStatus = z
  .object({
    document_id: z.string().uuid(),
    file_name: z.string(),
    status: Status,
    type: z.string().nullable(),
    pages_total: z.number().int().nullable(),
    pages_done: z.number().int(),
    pages_failed: z.number().int(),
    progress: z.number().describe("0–100: pages read (done or failed) of pages_total."),
    error: z.string().nullable(),
    retryable: z
      .boolean()
      .describe(
        "True when the document failed (wholly or partly) for a reason a retry could change; false for a file that cannot be read, which a retry would only fail again.",
      ),
    started_at: z.string().datetime().nullable(),
    processed_at: z.string().datetime().nullable(),
  })
  .meta({ id: "BatchDocumentStatus" });

export const BatchStatusResponse = z
  .object({
    batch_id: z.string().uuid(),
    batch_name: z.string().nullable(),
    status: Status,
    processing_mode: z.string(),
    total_documents: z.number().int(),
    completed_documents: z.number().int(),
    failed_documents: z.number().int(),
    pages_total: z.number().int(),
    pages_done: z.number().int(),
    pages_failed: z.number().int(),
    progress: z.number().describe("0–100 over all pages of the batch."),
    created_at: z.string().datetime(),
    updated_at: z.string().datetime(),
    documents: z.array(DocumentStatus),
    rejected: z
      .array(RejectedUploadFile)
      .describe("Files refused at upload, with their reasons; they are not documents of the batch."),
  })
  .meta({ id: "BatchStatusResponse" });

export const PageResponse = z
  .object({
    page_number: z.number().int().min(1),
    status: z.enum(["completed", "failed"]),
    extracted_text: z.string(),
    bounding_boxes: z
      .record(z.string(), z.unknown())
      .describe(
        "{ width, height, unit, orientation?, words, lines, blocks }: every box as { x, y, width, height } normalised 0–1 from the top-left of the page image served at image_url. " +
          "A word may carry angle (degrees its text is turned clockwise; box is then the bound of the turned rectangle) and original_text (the engine's reading when text was corrected); " +
          "a line or block carries the angle its words (lines) share. " +
          "orientation is the clockwise quarter turn (0, 90, 180, 270) the page's text was found in.",
      ),
    structured_data: z
      .record(z.string(), z.unknown())
      .describe("key_value_pairs, tables, entities, language, document_type, confidence, engine."),
    image_url: z
      .string()
      .nullable()
      .describe(
        "The page image, usable in an <img> tag as is: it carries a signed token (valid 1 hour, this batch only).",
      ),
    width: z.number().nullable(),
    height: z.number().nullable(),
    source: z.string().nullable().describe("text_layer | ocr | office"),
    confidence: z.number().nullable(),
    error: z.string().nullable(),
    edited: z.boolean().describe("A person changed this page; reprocessing keeps the edited version."),
    edited_at: z.string().datetime().nullable(),
  })
  .meta({ id: "BatchPage" });

export const ResultDocument = z
  .object({
    document_id: z.string().uuid(),
    file_name: z.string(),
    content_type: z.string(),
    type: z.string().nullable(),
    status: Status,
    error: z.string().nullable(),
    total_pages: z
      .number()
      .int()
      .describe("Pages stored for the document, whatever page_offset and page_limit select."),
    structured_data: z
      .record(z.string(), z.unknown())
      .describe("Structure of the whole document (set when processing finishes)."),
    pages: z.array(PageResponse),
  })
  .meta({ id: "BatchResultDocument" });

export const BatchResultsResponse = z
  .object({
    batch_id: z.string().uuid(),
    batch_name: z.string().nullable(),
    status: Status,
    page_offset: z.number().int(),
    page_limit: z.number().int().nullable(),
    documents: z.array(ResultDocument),
  })
  .meta({ id: "BatchResultsResponse" });

export const BatchHistoryItem = z
  .object({
    batch_id: z.string().uuid(),
    batch_name: z.string().nullable(),
    status: Status,
    document_count: z.number().int(),
    completed_documents: z.number().int(),
    failed_documents: z.number().int(),
    total_pages: z.number().int(),
    created_at: z.string().datetime(),
    updated_at: z.string().datetime(),
  })
  .meta({ id: "BatchHistoryItem" });

export const BatchHistoryResponse = z
  .object({
    batches: z.array(BatchHistoryItem),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: "BatchHistoryResponse" });
