import { z } from "zod";

export const LibraryFileKindSchema = z
  .enum(["template", "document"])
  .describe(
    "template: a spreadsheet (xlsx, xlsm, xltx, xls, ods, csv) usable as /v1/fill/excel's target_excel_id (xlsx, xlsm, xltx, xls, ods; CSV is kept but cannot be filled); document: anything else.",
  );

export const LibraryFileResponse = z
  .object({
    id: z
      .string()
      .describe(
        "Library file id (UUID); use it in the download and delete paths and as /v1/fill/excel's target_excel_id.",
      ),
    kind: LibraryFileKindSchema,
    file_name: z.string().describe("The name the file was saved under."),
    content_type: z.string().describe("MIME type."),
    size_bytes: z.number().int().describe("Size in bytes."),
    source: z
      .string()
      .describe("Who saved it: upload (save-generated-file), chat (a file the document chat generated), export, …"),
    description: z.string().nullable().describe("Free text given when saving, if any."),
    created_at: z.string().describe("ISO 8601 time it was saved."),
    download_url: z.string().describe("GET this path (with the caller's credentials) to download the file."),
  })
  .meta({ id: "LibraryFileResponse", title: "LibraryFileResponse" });

export const LibraryListResponse = z
  .object({
    files: z.array(LibraryFileResponse).describe("The caller's saved files, newest first."),
    total: z.number().int().describe("How many files match (before limit/offset)."),
  })
  .meta({ id: "LibraryListResponse", title: "LibraryListResponse" });

export const LibraryListQuery = z.object({
  kind: LibraryFileKindSchema.optional().describe("Only files of this kind."),
  limit: z.coerce.number().int().min(1).max(200).default(50).describe("Most files returned."),
  offset: z.coerce.number().int().min(0).default(0).describe("Files to skip."),
});

export const DeleteLibraryFileResponse = z
  .object({
    id: z.string().describe("The deleted file's id."),
    deleted: z.literal(true).describe("Always true."),
    message: z.string().describe("Names the deleted file."),
  })
  .meta({ id: "DeleteLibraryFileResponse", title: "DeleteLibraryFileResponse" });

export type LibraryFileResponseBody = z.infer<typeof LibraryFileResponse>;
export type LibraryFileKind = z.infer<typeof LibraryFileKindSchema>;
