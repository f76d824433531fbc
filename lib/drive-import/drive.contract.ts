import { z } from "zod";
import { BatchUploadResponse } from "@/lib/batches/schemas";
import { defineRoute } from "@/lib/contracts/contract";

const tags = ["Cloud connections"];

const DriveFileResponse = z
  .object({
    id: z.string(),
    name: z.string(),
    mime_type: z.string(),
    size_bytes: z.number().int().nullable().describe("Absent (null) for Google Docs, Sheets and Slides."),
    modified_at: z.string().nullable(),
    is_folder: z.boolean(),
    supported: z.boolean().describe("docsvc reads it (Docs and Slides are exported as PDF, Sheets as XLSX)."),
  })
  .meta({ id: "DriveFile" });

export const DriveListingResponse = z
  .object({
    folder_id: z.string(),
    files: z.array(DriveFileResponse).describe("Folders first, then by name; trashed files are left out."),
    next_page_token: z.string().nullable(),
  })
  .meta({ id: "DriveListing" });

export const DriveListingQuery = z.object({
  connection_id: z.string().optional().describe("Which connection; the newest active Google Drive one by default."),
  folder_id: z.string().optional().describe('A folder id; "root" (My Drive) by default.'),
  page_token: z.string().optional().describe("next_page_token of the previous page."),
});

export const DriveImportRequest = z
  .object({
    connection_id: z.string().optional(),
    file_ids: z.array(z.string().min(1)).min(1, "Choose at least one file").max(100),
    batch_name: z.string().trim().max(200).optional(),
  })
  .meta({ id: "DriveImportRequest" });

export const listDriveFilesRoute = defineRoute({
  method: "GET",
  path: "/api/cloud/drive/files",
  surface: "api",
  auth: "user",
  operationId: "cloudListDriveFiles",
  summary: "Browse a folder of the connected Google Drive",
  description:
    "Drive API v3 files.list for the folder, with the stored connection's access token (renewed with its refresh token when it has expired).",
  tags,
  query: DriveListingQuery,
  responses: {
    200: DriveListingResponse,
    404: { description: "No Google Drive connected, or no such folder." },
    409: { description: "The connection was revoked; connect the drive again." },
  },
});

export const importDriveFilesRoute = defineRoute({
  method: "POST",
  path: "/api/cloud/drive/import",
  surface: "api",
  auth: "user",
  operationId: "cloudImportDriveFiles",
  summary: "Import files of the connected Google Drive as a batch",
  description:
    "Downloads each file (files.get?alt=media; Google Docs and Slides exported as PDF, Sheets as XLSX) and uploads them as one batch, as POST /api/batch/upload would: a file that cannot be imported is listed in rejected with its reason and the others are processed.",
  tags,
  body: DriveImportRequest,
  responses: {
    200: BatchUploadResponse,
    404: { description: "No Google Drive connected." },
    409: { description: "The connection was revoked; connect the drive again." },
    413: { description: "Every chosen file is too large for your plan." },
    415: { description: "No chosen file is a format docsvc reads." },
  },
});
