import { z } from "zod";
import { ProcessingModeSchema } from "@/lib/batches/processing-mode";
import { defineRoute } from "@/lib/contracts/contract";
import { OcrDocumentsQuery } from "./list-ocr-documents";
import { OCRResponse, OcrBatchResponse, OcrDocumentDetail, OcrDocumentList, OcrUsageResponse } from "./schemas";

const tags = ["OCR"];
const limits =
  "Limits as for POST /api/batch/upload: file size and pages by tier (413), token balance (402), format detected from the bytes (415 when unsupported).";

export const processOcrRoute = defineRoute({
  method: "POST",
  path: "/api/ocr/process",
  surface: "api",
  auth: "user",
  operationId: "ocrProcess",
  summary: "OCR one file and answer its text, pages, boxes and structured data",
  description:
    "Synchronous. In order: authenticate, check the token balance, store the file, run OCR (the built-in engine, or OCR_SERVICE_URL when configured), " +
    "store the structured data, charge usage (once per page read), answer. The document is kept as a one-document batch, so it also appears in " +
    "/api/ocr/documents and /api/batch/history. " +
    limits,
  tags,
  form: z.object({ file: z.file().describe("The document."), processing_mode: ProcessingModeSchema.default("normal") }),
  responses: {
    200: OCRResponse,
    402: { description: "Token balance exhausted." },
    413: { description: "Over the tier's limits." },
    415: { description: "Unsupported format." },
    422: {
      description:
        "No page could be read (a damaged file, or OCR failed on every page): detail gives the reason and the document and batch ids. The document " +
        "stays stored with status failed and nothing charged, listed in /api/ocr/documents; POST /api/batch/{batch_id}/retry reads it again.",
    },
  },
});

export const processOcrBatchRoute = defineRoute({
  method: "POST",
  path: "/api/ocr/process/batch",
  surface: "api",
  auth: "user",
  operationId: "ocrProcessBatch",
  summary: "OCR several files, one result per file",
  description:
    "Each file is processed as by POST /api/ocr/process, one after another; a file that is refused or fails gets success: false with the status " +
    "and reason POST /api/ocr/process would answer (422 when no page could be read), and the others go on.",
  tags,
  form: z.object({ files: z.array(z.file()).min(1), processing_mode: ProcessingModeSchema.default("normal") }),
  responses: { 200: OcrBatchResponse },
});

export const ocrUsageRoute = defineRoute({
  method: "GET",
  path: "/api/ocr/usage",
  surface: "api",
  auth: "user",
  operationId: "ocrUsage",
  summary: "The user's OCR usage this period and token balance",
  tags,
  responses: { 200: OcrUsageResponse },
});

export const listOcrDocumentsRoute = defineRoute({
  method: "GET",
  path: "/api/ocr/documents",
  surface: "api",
  auth: "user",
  operationId: "ocrListDocuments",
  summary: "The user's batch documents, newest first",
  description: "Every document uploaded through /api/batch/upload or /api/ocr/process, in any status.",
  tags,
  query: OcrDocumentsQuery,
  responses: { 200: OcrDocumentList },
});

export const getOcrDocumentRoute = defineRoute({
  method: "GET",
  path: "/api/ocr/documents/{document_id}",
  surface: "api",
  auth: "user",
  operationId: "ocrGetDocument",
  summary: "One document with its pages, text and structured data",
  tags,
  params: z.object({ document_id: z.string() }),
  responses: { 200: OcrDocumentDetail, 404: { description: "No such document among the user's." } },
});
