import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import { HTTPValidationErrorSchema } from "@/lib/contracts/error-schemas";
import { ExportRequest } from "./export-schemas";

const tags = ["Export"];
const BatchParams = z.object({ batch_id: z.string().describe("The caller's batch.") });
const commonResponses = {
  404: { description: "No such batch among the caller's own, or a document_ids / documents entry that is not in it." },
  409: { description: "The batch has no documents, or none of their pages has been read yet." },
  422: {
    schema: HTTPValidationErrorSchema,
    description:
      "Validation error, or a documents[].pages[].page_number beyond its document's pages (the detail names the page and the document's page count). An export walks only the documents' own pages and stops when the client disconnects.",
  },
} as const;
const missingHeader =
  " Pages not read yet (still processing) or failed are left out, noted in the file, and listed (URL-encoded, separated by '; ') in the X-Export-Missing-Pages header; X-Export-Mode says which PDF was made. Nothing stored is changed.";

export const exportBatchPdfRoute = defineRoute({
  method: "POST",
  path: "/api/batch/{batch_id}/export/pdf",
  surface: "api",
  auth: "user",
  operationId: "batchExportPdf",
  summary: "Export a batch as a searchable PDF or a report PDF",
  description:
    "mode=searchable (default when a page was read by OCR): the original pages, scans with an invisible text layer at the (corrected) word boxes, digital PDF pages copied as they are. " +
    "mode=report: per document a title, per page its text, key-values as a two-column table and tables as ruled tables (wider than 8 columns: in column groups), breaking across pages. " +
    "Text in any script the shipped fonts cover (DejaVu Sans, Noto Sans SC/KR); right-to-left text is not shaped." +
    missingHeader,
  tags,
  params: BatchParams,
  body: ExportRequest.optional(),
  maxBodyBytes: 50 * 1024 * 1024,
  responses: {
    200: { description: "The PDF, as an attachment named after the batch.", contentType: "application/pdf" },
    ...commonResponses,
  },
});

export const exportBatchDocxRoute = defineRoute({
  method: "POST",
  path: "/api/batch/{batch_id}/export/docx",
  surface: "api",
  auth: "user",
  operationId: "batchExportDocx",
  summary: "Export a batch as a Word report",
  description:
    "The report (mode is ignored) with Word headings, a paragraph per text line, and key-values and tables as real Word tables." +
    missingHeader,
  tags,
  params: BatchParams,
  body: ExportRequest.optional(),
  maxBodyBytes: 50 * 1024 * 1024,
  responses: {
    200: {
      description: "The DOCX, as an attachment named after the batch.",
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    },
    ...commonResponses,
  },
});
