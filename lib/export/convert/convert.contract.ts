import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import { HTTPValidationErrorSchema } from "@/lib/contracts/error-schemas";
import {
  BatchConvertParams,
  BatchConvertResponse,
  ConvertAllResponse,
  ConvertParams,
  ConvertRequest,
  ConvertResponse,
} from "./convert-schemas";

const tags = ["Export"];
const responses = {
  404: { description: "No such document among the caller's own (another user's document answers 404 too)." },
  409: { description: "No page of the document has been read yet." },
  422: {
    schema: HTTPValidationErrorSchema,
    description:
      "Validation error, or a pages[].page_number beyond the document's pages (the detail names the page and the document's page count).",
  },
} as const;
const saved =
  " An optional body { pages } applies unsaved edits. The output is saved into the document's metadata (conversions.{format}, shown by GET /api/ocr/documents/{document_id}) and returned.";

export const convertDocumentRoute = defineRoute({
  method: "POST",
  path: "/api/batch/documents/{doc_id}/convert/{format_type}",
  surface: "api",
  auth: "user",
  operationId: "batchConvertDocument",
  summary: "Convert a document to XML, CSV, YAML, Markdown or text",
  description:
    "The document as stored (edits included): its pages' text, key-values and tables. xml: <document> with fields, key_values, tables and pages; " +
    "csv: a field,value section, then each table (cells that would run as spreadsheet formulas are prefixed with '); yaml: the same object as convert-all's json; " +
    "markdown: a heading per page, key-values and tables as GFM tables (| escaped); text: the pages' text with key-values and tab-separated tables." +
    saved +
    " An unknown format_type is a 422 listing the valid ones.",
  tags,
  params: ConvertParams,
  body: ConvertRequest.optional(),
  maxBodyBytes: 50 * 1024 * 1024,
  responses: { 200: ConvertResponse, ...responses },
});

export const convertDocumentAllRoute = defineRoute({
  method: "POST",
  path: "/api/batch/documents/{doc_id}/convert-all",
  surface: "api",
  auth: "user",
  operationId: "batchConvertDocumentAll",
  summary: "Convert a document to every format",
  description: "json, xml, csv, yaml, markdown and text at once, as in the single-format operation." + saved,
  tags,
  params: z.object({ doc_id: z.string().describe("One of the caller's batch documents.") }),
  body: ConvertRequest.optional(),
  maxBodyBytes: 50 * 1024 * 1024,
  responses: { 200: ConvertAllResponse, ...responses },
});

export const convertBatchRoute = defineRoute({
  method: "POST",
  path: "/api/batch/{batch_id}/convert/{format_type}",
  surface: "api",
  auth: "user",
  operationId: "batchConvertBatch",
  summary: "Convert a whole batch to JSON, CSV or Markdown",
  description:
    "Every document of the batch (edits included) in one file. json: { batch_id, batch_name, documents } with each document as convert-all's json; " +
    "csv: for each document a document,<file name> row, then its field,value section and tables as in the single-document CSV; " +
    "markdown: the batch's name as the heading, each document's Markdown one level below. Documents with no read page are left out and named in skipped. Nothing is saved.",
  tags,
  params: BatchConvertParams,
  responses: {
    200: BatchConvertResponse,
    404: { description: "No such batch among the caller's own (another user's batch answers 404 too)." },
    409: { description: "No document of the batch has a read page yet." },
    422: {
      schema: HTTPValidationErrorSchema,
      description: "An unknown format_type (the detail lists the valid ones).",
    },
  },
});
