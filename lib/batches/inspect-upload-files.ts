import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { inspectDocument } from "@/lib/documents/inspect-document";
import type { FormatInfo } from "@/lib/documents/formats";
import { AppError } from "@/lib/errors/app-error";
import { assertFileSize, assertPageTotal, type UploadLimits } from "@/lib/upload-limits/upload-limits";
import type { RejectedUploadFile } from "./schemas";

export type RejectedFile = z.infer<typeof RejectedUploadFile>;

export interface AcceptedFile {
  file: File;
  documentId: string;
  type: FormatInfo;
  pageCount: number | null;
}

export interface InspectedUpload {
  accepted: AcceptedFile[];
  rejected: RejectedFile[];
  /** The first refusal as thrown, answered as it is when no file was accepted. */
  firstRefusal?: AppError;
}

// The engine's own message lists every format id; a person needs to know what to send instead.
const UNSUPPORTED_MESSAGE = "This type of file cannot be read. Upload a PDF, an image or an office document.";

/**
 * Checks each file on its own (empty, size, type from the bytes, its own page count) and sorts the
 * files into accepted and refused, so one bad file does not sink the others. A refusal is a 4xx
 * AppError of that file; anything else (a bug, a full disk) still fails the whole upload.
 */
export async function inspectUploadFiles(options: { limits: UploadLimits; files: File[] }): Promise<InspectedUpload> {
  const result: InspectedUpload = { accepted: [], rejected: [] };
  for (const [index, file] of options.files.entries()) {
    try {
      if (file.size === 0) throw new AppError("empty_document", `${file.name} is empty`);
      assertFileSize(options.limits, file);
      // One copy of the bytes at a time, handed to the PDF reader: inspected here, streamed from the File again when stored.
      const { type, pageCount } = await inspectDocument(Buffer.from(await file.arrayBuffer()), {
        fileName: file.name,
        handOver: true,
      });
      assertPageTotal(options.limits, pageCount ?? 1);
      result.accepted.push({ file, documentId: randomUUID(), type, pageCount });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      result.firstRefusal ??= error;
      result.rejected.push({
        file_index: index,
        file_name: file.name,
        code: error.code,
        message: error.code === "unsupported_format" ? UNSUPPORTED_MESSAGE : error.message,
      });
    }
  }
  return result;
}
