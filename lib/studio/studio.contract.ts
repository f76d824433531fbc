import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import { FillAcceptedResponse, FillExcelForm, FillPdfForm } from "@/lib/v1/fill/fill-forms";
import { JobListResponse, ListJobsQuery } from "@/lib/v1/jobs/list-jobs";
import { JobResponse } from "@/lib/v1/jobs/serialize-job";

// The browser's twins of /v1/fill and /v1/jobs: the same forms and services, signed in with the
// session cookie instead of an API key (the developer API takes keys only), so the Fill page does
// what the API does without asking a person for a key.

const batchSources = {
  source_batch_id: z
    .string()
    .optional()
    .describe("A batch of yours whose documents are read as source documents, beside any source_files."),
  source_document_ids: z
    .string()
    .optional()
    .describe("Comma-separated document ids of that batch to read; all its documents when absent."),
};

export const BrowserFillPdfForm = FillPdfForm.extend(batchSources).meta({ id: "BrowserFillPdfRequest" });
export type BrowserFillPdfForm = z.output<typeof BrowserFillPdfForm>;

export const BrowserFillExcelForm = FillExcelForm.extend(batchSources).meta({ id: "BrowserFillExcelRequest" });
export type BrowserFillExcelForm = z.output<typeof BrowserFillExcelForm>;

const JobParams = z.object({ id: z.string().describe("Job id (UUID).") });
const tags = ["Filling in the browser"];
const sourceNote =
  "Sources may also be the documents of one of your batches (source_batch_id, optionally source_document_ids). Poll GET /api/jobs/{id}; download from GET /api/jobs/{id}/download.";

export const browserFillPdfRoute = defineRoute({
  method: "POST",
  path: "/api/fill/pdf",
  surface: "api",
  auth: "user",
  operationId: "browserFillPdf",
  summary: "Fill a PDF form (signed-in browser)",
  description: `POST /v1/fill/pdf for the signed-in user's browser session. ${sourceNote}`,
  tags,
  form: BrowserFillPdfForm,
  responses: {
    202: FillAcceptedResponse,
    400: { description: "no_source_data, or target_pdf is not a PDF." },
    404: { description: "source_batch_id or a source document is not yours." },
    413: { description: "A file is too large or has too many pages for your plan." },
  },
});

export const browserFillExcelRoute = defineRoute({
  method: "POST",
  path: "/api/fill/excel",
  surface: "api",
  auth: "user",
  operationId: "browserFillExcel",
  summary: "Fill an Excel template (signed-in browser)",
  description: `POST /v1/fill/excel for the signed-in user's browser session. ${sourceNote}`,
  tags,
  form: BrowserFillExcelForm,
  responses: {
    202: FillAcceptedResponse,
    400: { description: "no_source_data, or target_excel is not a spreadsheet template." },
    404: { description: "source_batch_id, a source document or target_excel_id is not yours." },
    413: { description: "A file is too large or has too many pages for your plan." },
  },
});

export const browserListJobsRoute = defineRoute({
  method: "GET",
  path: "/api/jobs",
  surface: "api",
  auth: "user",
  operationId: "browserListJobs",
  summary: "List your jobs, newest first (signed-in browser)",
  description: "GET /v1/jobs for the browser session; download_url points at /api/jobs/{id}/download.",
  tags,
  query: ListJobsQuery,
  responses: { 200: { description: "A page of jobs.", schema: JobListResponse } },
});

export const browserGetJobRoute = defineRoute({
  method: "GET",
  path: "/api/jobs/{id}",
  surface: "api",
  auth: "user",
  operationId: "browserGetJob",
  summary: "Get one of your jobs (signed-in browser)",
  description: "GET /v1/jobs/{id} for the browser session; another user's job answers 404.",
  tags,
  params: JobParams,
  responses: { 200: { description: "The job.", schema: JobResponse }, 404: { description: "No such job of yours." } },
});

export const browserDownloadJobRoute = defineRoute({
  method: "GET",
  path: "/api/jobs/{id}/download",
  surface: "api",
  auth: "user",
  operationId: "browserDownloadJob",
  summary: "Download the file a job produced (signed-in browser)",
  description: "GET /v1/jobs/{id}/download for the browser session: 404 before the file exists, 410 once expired.",
  tags,
  params: JobParams,
  responses: {
    200: { description: "The filled file.", contentType: "application/octet-stream" },
    404: { description: "No such job of yours, or no file yet." },
    410: { description: "The file expired." },
  },
});
