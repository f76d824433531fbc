import { z } from "zod";
import { BatchUploadResponse } from "@/lib/batches/schemas";
import { LibraryFileResponse } from "./schemas";

export const SaveGeneratedFileRequest = z
  .object({
    action: z
      .enum(["save_to_library", "send_to_parsing"])
      .describe(
        "save_to_library keeps the file in the library (spreadsheets and CSV as templates, anything else as a document); send_to_parsing creates a batch from it and starts OCR.",
      ),
    file_name: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .describe("Name to save or upload the file under, with its extension. Required unless library_file_id is given."),
    content_type: z
      .string()
      .max(200)
      .optional()
      .describe("MIME type; guessed from file_name when absent (the reader detects the real type from the bytes)."),
    content_base64: z
      .string()
      .optional()
      .describe("The file's bytes, base64-encoded (binary files: PDF, XLSX, DOCX, PNG…)."),
    content: z
      .string()
      .optional()
      .describe("The file's content as text (CSV, Markdown, JSON…), stored UTF-8. Give this or content_base64."),
    library_file_id: z
      .string()
      .optional()
      .describe("send_to_parsing only: process a file already in the library instead of sending its content."),
    batch_name: z
      .string()
      .max(200)
      .optional()
      .describe("send_to_parsing: name of the new batch (default: the file name)."),
    description: z.string().max(1000).optional().describe("save_to_library: a note shown in the library."),
    source: z
      .string()
      .max(50)
      .optional()
      .describe("save_to_library: who generated the file (chat, export…); default upload."),
  })
  .meta({ id: "SaveGeneratedFileRequest", title: "SaveGeneratedFileRequest" });

export const SaveGeneratedFileResponse = z
  .discriminatedUnion("action", [
    z.object({
      action: z.literal("save_to_library").describe("The action taken."),
      message: z.string().describe("What was saved."),
      file: LibraryFileResponse,
    }),
    BatchUploadResponse.extend({ action: z.literal("send_to_parsing").describe("The action taken.") }),
  ])
  .meta({
    id: "SaveGeneratedFileResponse",
    title: "SaveGeneratedFileResponse",
    description:
      "save_to_library: the saved library file. send_to_parsing: the new batch, exactly as POST /api/batch/upload answers, plus action.",
  });

export type SaveGeneratedFileInput = z.infer<typeof SaveGeneratedFileRequest>;
