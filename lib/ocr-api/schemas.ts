import { z } from "zod";
import { ConvertedOutput } from "@/lib/export/convert/convert-schemas";
import { PageResponse } from "@/lib/batches/schemas";

export const OcrDocument = z
  .object({
    document_id: z.string().uuid(),
    batch_id: z.string().uuid(),
    batch_name: z.string().nullable(),
    file_name: z.string(),
    content_type: z.string(),
    type: z.string().nullable(),
    status: z.string().describe("uploaded | queued | processing | completed | partially_completed | failed"),
    error: z.string().nullable(),
    size_bytes: z.number().int(),
    page_count: z.number().int().nullable(),
    pages_done: z.number().int(),
    pages_failed: z.number().int(),
    created_at: z.string().datetime(),
    processed_at: z.string().datetime().nullable(),
  })
  .meta({ id: "OcrDocument" });

export const OCRResponse = OcrDocument.extend({
  model: z.string(),
  tokens_used: z.number().int().describe("Tokens charged for this document (once per page read)."),
  processing_time_ms: z.number().int(),
  text: z.string().describe("All pages' text, pages separated by a blank line."),
  structured_data: z
    .record(z.string(), z.unknown())
    .describe("key_value_pairs, tables, entities, language, document_type of the whole document."),
  pages: z.array(PageResponse),
}).meta({ id: "OCRResponse" });

export const OcrBatchItem = z
  .object({
    file_name: z.string(),
    success: z.boolean(),
    result: OCRResponse.nullable(),
    error: z.object({ status: z.number().int(), detail: z.string() }).nullable(),
  })
  .meta({ id: "OcrBatchItem" });

export const OcrBatchResponse = z
  .object({ results: z.array(OcrBatchItem), succeeded: z.number().int(), failed: z.number().int() })
  .meta({ id: "OcrBatchResponse" });

export const OcrDocumentList = z
  .object({
    documents: z.array(OcrDocument),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: "OcrDocumentList" });

export const OcrDocumentDetail = OcrDocument.extend({
  text: z.string(),
  structured_data: z.record(z.string(), z.unknown()),
  conversions: z
    .record(z.string(), ConvertedOutput)
    .describe("Outputs of POST /api/batch/documents/{doc_id}/convert and convert-all, by format (the latest of each)."),
  pages: z.array(PageResponse),
}).meta({ id: "OcrDocumentDetail" });

export const OcrUsageResponse = z
  .object({
    tier: z.string(),
    period_start: z.string().datetime(),
    period_end: z.string().datetime(),
    tokens_used: z
      .number()
      .int()
      .describe("All tokens this period (OCR, extraction, filling; app and API share one balance)."),
    tokens_limit: z.number().int(),
    tokens_remaining: z.number().int(),
    ocr: z
      .object({ documents: z.number().int(), pages: z.number().int(), tokens: z.number().int() })
      .describe("OCR of batch documents (upload, /api/ocr/process) this period."),
    documents_total: z.number().int().describe("Batch documents the user has now, in any status."),
    pages_total: z.number().int().describe("Pages stored for those documents."),
  })
  .meta({ id: "OcrUsageResponse" });
