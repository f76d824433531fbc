import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import { SaveGeneratedFileRequest, SaveGeneratedFileResponse } from "./save-generated-file-schemas";
import { DeleteLibraryFileResponse, LibraryListQuery, LibraryListResponse } from "./schemas";

const tags = ["Library"];
const notFound = { description: "No such file among the caller's own (another user's file answers 404 too)." };
const FileParams = z.object({ file_id: z.string().describe("Library file id (UUID).") });

export const saveGeneratedFileRoute = defineRoute({
  method: "POST",
  path: "/api/batch/save-generated-file",
  surface: "api",
  auth: "user",
  operationId: "batchSaveGeneratedFile",
  summary: "Save a generated file to the library, or send it to parsing",
  description:
    "save_to_library stores the file (content_base64 or text content, file_name, content_type) in the caller's library: spreadsheets and CSV as " +
    "templates (usable as /v1/fill/excel's target_excel_id), anything else as a document. send_to_parsing creates a batch from the file (or from " +
    "library_file_id) and starts processing, answering like POST /api/batch/upload, with the same limits (413, 415, 402).",
  tags,
  body: SaveGeneratedFileRequest,
  // base64 inflates by a third: room for the largest tier's 100 MB file.
  maxBodyBytes: 140 * 1024 * 1024,
  responses: {
    200: SaveGeneratedFileResponse,
    400: { description: "empty_document: the content is empty." },
    402: { description: "send_to_parsing: the token balance does not cover the file's pages." },
    404: notFound,
    413: { description: "The file is larger, or has more pages, than the tier allows." },
    415: { description: "send_to_parsing: the file's format cannot be read." },
  },
});

export const listLibraryRoute = defineRoute({
  method: "GET",
  path: "/api/batch/library",
  surface: "api",
  auth: "user",
  operationId: "batchLibraryList",
  summary: "List the caller's saved files",
  description: "Files saved with save-generated-file and files the document chat generated, newest first.",
  tags,
  query: LibraryListQuery,
  responses: { 200: LibraryListResponse },
});

export const downloadLibraryFileRoute = defineRoute({
  method: "GET",
  path: "/api/batch/library/{file_id}/download",
  surface: "api",
  auth: "user",
  operationId: "batchLibraryDownload",
  summary: "Download a saved file",
  tags,
  params: FileParams,
  responses: {
    200: {
      description: "The file's bytes, as an attachment named after the file.",
      contentType: "application/octet-stream",
    },
    404: notFound,
    410: { description: "The row exists but its stored copy is gone." },
  },
});

export const deleteLibraryFileRoute = defineRoute({
  method: "DELETE",
  path: "/api/batch/library/{file_id}",
  surface: "api",
  auth: "user",
  operationId: "batchLibraryDelete",
  summary: "Delete a saved file",
  tags,
  params: FileParams,
  responses: { 200: DeleteLibraryFileResponse, 404: notFound },
});
