import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import { ProcessingModeSchema } from "./processing-mode";
import {
  DeleteBatchResponse,
  DeleteDocumentResponse,
  DocumentPagesUpdateRequest,
  DocumentUpdateSummary,
  PageUpdateRequest,
  ProcessBatchQuery,
  ProcessBatchResponse,
  RenameBatchRequest,
  RenameBatchResponse,
  RetryRequest,
  RetryResponse,
} from "./request-schemas";
import { BatchUploadResponse, PageResponse } from "./schemas";

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

export const updateDocumentPagesRoute = defineRoute({
  method: "PUT",
  path: "/api/batch/{batch_id}/document/{document_id}",
  surface: "api",
  auth: "user",
  operationId: "batchUpdateDocument",
  summary: "Correct several pages of a document at once",
  description:
    "All pages are updated in one transaction, or none (404 names pages that do not exist). Fields not given stay as they are. " +
    "Text and words are kept in agreement per page as in the single-page PUT.",
  tags,
  params: DocumentParams,
  body: DocumentPagesUpdateRequest,
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
    "Answers the page as stored, with edited: true. Reprocessing keeps the edited version. word_edits corrects single words: their text changes in bounding_boxes " +
    "(the engine's reading kept as original_text) and extracted_text is rebuilt from the words. A body whose extracted_text disagrees with the words of its bounding_boxes answers 422. " +
    "extracted_text sent alone, for a page with words, is laid over them word by word (whitespace-separated, in reading order): the words whose text differs are corrected as by word_edits " +
    "and the text is rebuilt from the words; a text with more or fewer words than the page's answers 422. For a page without words it is stored as sent.",
  tags,
  params: DocumentParams.extend({ page_number: z.coerce.number().int().min(1).max(100_000).describe("1-based.") }),
  body: PageUpdateRequest,
  responses: { 200: PageResponse, 404: notFound },
});
