import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import { ProcessingModeSchema } from "./processing-mode";
import {
  DeleteBatchResponse,
  DeleteDocumentResponse,
  DocumentPagesUpdateRequest,
  DocumentUpdateSummary,
  PageUpdateRequest,
  PageUpdateResponse,
  ProcessBatchQuery,
  ProcessBatchResponse,
  RenameBatchRequest,
  RenameBatchResponse,
  RetryRequest,
  RetryResponse,
} from "./request-schemas";
import { BatchUploadResponse } from "./schemas";

const tags = ["Batches"];
const notFound = {
  description: "No such batch or document among the caller's own (other owners' ids answer 404 too).",
};
const BatchParams = z.object({ batch_id: z.string() });
const DocumentParams = z.object({ batch_id: z.string(), document_id: z.string() });

export const uploadBatchRoute = defineRoute({
  method: "POST",
  path: "/api/batch/upload",
  surface: "api",
  auth: "user_or_guest",
  operationId: "batchUpload",
  summary: "Upload documents as a batch and start processing",
  description:
    "Any supported format (GET /v1/formats); the type is detected from the bytes. Checked before anything is stored: " +
    "file size and pages per upload by tier (Free 10 MB / 46 pages, Starter 25 MB / 50, Growth 50 MB / 100, Scale 100 MB / 200; 413; " +
    "no tier below the guest allowance), " +
    "the token balance (pages × the model's tokens per page; 402), and for guests 1 file of at most 46 pages per session (403). " +
    "A file refused on its own (empty, too large, unreadable, unsupported, too many pages) does not sink the batch: the other files are " +
    "accepted and each refused file is listed in rejected with its code and reason. When no file is accepted the upload is refused " +
    "with the first file's status (and every file's reason). " +
    "Processing runs in the background unless skip_processing is true; follow GET /api/batch/status/{batch_id}.",
  tags,
  form: z.object({
    files: z.array(z.file()).describe("One or more files."),
    batch_name: z.string().max(200).optional(),
    guest_session_id: z.string().optional().describe("Required when not signed in: from GET /api/batch/guest-session."),
    skip_processing: z
      .stringbool()
      .default(false)
      .describe("Store only; start with POST /api/batch/{batch_id}/process."),
    processing_mode: ProcessingModeSchema.default("normal"),
  }),
  responses: {
    200: BatchUploadResponse,
    402: { description: "The token balance does not cover the upload's pages." },
    403: { description: "A guest session's allowance (1 file, 46 pages) would be exceeded." },
    413: { description: "A file is larger, or the upload has more pages, than the tier allows." },
    415: { description: "A file's format is not supported (or needs LibreOffice, which is not installed)." },
  },
});

export const processBatchRoute = defineRoute({
  method: "POST",
  path: "/api/batch/{batch_id}/process",
  surface: "api",
  auth: "user",
  operationId: "batchProcess",
  summary: "Start processing a batch uploaded with skip_processing",
  description: "Queues every document still in status uploaded; calling it again starts nothing twice.",
  tags,
  params: BatchParams,
  query: ProcessBatchQuery,
  responses: { 200: ProcessBatchResponse, 404: notFound },
});

export const retryBatchRoute = defineRoute({
  method: "POST",
  path: "/api/batch/{batch_id}/retry",
  surface: "api",
  auth: "user",
  operationId: "batchRetry",
  summary: "Reprocess failed, partially completed and stuck documents",
  description:
    "Stuck: queued or processing for longer than BATCH_STUCK_AFTER_MINUTES (default 15). Deletes nothing: completed pages are kept and not read " +
    "again (nor charged again), and pages a person edited keep their edited version (edited_pages_kept says how many).",
  tags,
  params: BatchParams,
  body: RetryRequest.optional(),
  responses: { 200: RetryResponse, 404: notFound },
});

export const deleteBatchRoute = defineRoute({
  method: "DELETE",
  path: "/api/batch/{batch_id}",
  surface: "api",
  auth: "user",
  operationId: "batchDelete",
  summary: "Delete a batch with all its documents, pages and stored files",
  tags,
  params: z.object({ batch_id: z.string().uuid() }),
  responses: { 200: DeleteBatchResponse, 404: notFound },
});

export const renameBatchRoute = defineRoute({
  method: "PATCH",
  path: "/api/batch/{batch_id}",
  surface: "api",
  auth: "user",
  operationId: "batchRename",
  summary: "Rename a batch",
  description: "Not in the original interface; added so a batch's name can be corrected after upload.",
  tags,
  params: z.object({ batch_id: z.string().uuid() }),
  body: RenameBatchRequest,
  responses: { 200: RenameBatchResponse, 404: notFound },
});

export const deleteBatchDocumentRoute = defineRoute({
  method: "DELETE",
  path: "/api/batch/{batch_id}/document/{document_id}",
  surface: "api",
  auth: "user",
  operationId: "batchDeleteDocument",
  summary: "Delete one document (and the batch when it was the last)",
  tags,
  params: z.object({ batch_id: z.string().uuid(), document_id: z.string().uuid() }),
  responses: { 200: DeleteDocumentResponse, 404: notFound },
});

const pageTextEdit =
  "extracted_text is stored as sent and placed on the page's words (a word-level diff): unchanged words keep their boxes; " +
  "corrected words take the boxes of the words they replace, with the engine's reading kept as original_text; a split or merged word, " +
  "or a run of unlike words, takes the stretch of the words it replaces divided by length; inserted words get a box between their neighbours " +
  "on the same line, marked estimated; deleted words lose theirs. A text unrelated to the words (almost none kept or corrected) replaces them: " +
  "its words are spread over the page's lines, all estimated, and bounding_boxes.text_replaced is true. A different word count is never refused. " +
  "With bounding_boxes beside it, the text is placed on those words; text and words that agree are stored as sent. " +
  "word_edits is the precise path: single words corrected by index, extracted_text rebuilt from the words. For a page without words the text is stored as sent.";

const pageEditExamples = {
  corrected: {
    summary: "The page's text with a word corrected and a word inserted",
    value: { extracted_text: "Invoice INV-2041 from ACME SUPPLIES\nHex bolts M10 stainless 4 pcs" },
  },
  replaced: {
    summary: "A whole-page replacement (placed by estimate)",
    value: { extracted_text: "EDITED BY EVAL" },
  },
  words: {
    summary: "Single words corrected by index (the precise path)",
    value: { word_edits: [{ index: 3, text: "SUPPLIES" }] },
  },
};

export const updateDocumentPagesRoute = defineRoute({
  method: "PUT",
  path: "/api/batch/{batch_id}/document/{document_id}",
  surface: "api",
  auth: "user",
  operationId: "batchUpdateDocument",
  summary: "Correct several pages of a document at once",
  description:
    "All pages are updated in one transaction, or none (404 names pages that do not exist). Fields not given stay as they are. " +
    "Per page, as in the single-page PUT: " +
    pageTextEdit +
    " word_changes says, per page whose text changed, how many words were kept, changed, inserted and removed.",
  tags,
  params: DocumentParams,
  body: DocumentPagesUpdateRequest,
  bodyExamples: {
    text: {
      summary: "New text for page 1, structured data for page 2",
      value: [
        { page_number: 1, extracted_text: "EDITED TWICE" },
        { page_number: 2, structured_data: { key_value_pairs: [{ key: "Total", value: "376.80" }] } },
      ],
    },
    words: {
      summary: "Single words corrected by index",
      value: [{ page_number: 1, word_edits: [{ index: 3, text: "SUPPLIES" }] }],
    },
  },
  responses: { 200: DocumentUpdateSummary, 404: notFound },
});

export const updatePageRoute = defineRoute({
  method: "PUT",
  path: "/api/batch/{batch_id}/document/{document_id}/page/{page_number}",
  surface: "api",
  auth: "user",
  operationId: "batchUpdatePage",
  summary: "Correct one page",
  description:
    "Answers the page as stored, with edited: true, and word_changes: how many words were kept, changed, inserted and removed. " +
    "Reprocessing keeps the edited version. " +
    pageTextEdit,
  tags,
  params: DocumentParams.extend({ page_number: z.coerce.number().int().min(1).max(100_000).describe("1-based.") }),
  body: PageUpdateRequest,
  bodyExamples: pageEditExamples,
  responses: { 200: PageUpdateResponse, 404: notFound },
});
