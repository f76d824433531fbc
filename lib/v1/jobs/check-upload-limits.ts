import { inspectDocument } from "@/lib/documents";
import { AppError } from "@/lib/http/errors";
import { tokensForPages, type ModelVersion } from "@/lib/models";
import type { TierLimits } from "@/lib/tiers";
import { toV1RequestError } from "@/lib/v1/errors/to-v1-error";

export interface InspectedUpload {
  bytes: Buffer;
  fileName: string;
  size: number;
  /** From inspectDocument; null when only a LibreOffice conversion could tell (checked while reading). */
  pages: number | null;
}

export interface CheckedUploads {
  uploads: InspectedUpload[];
  /** Known pages, counting a file of unknown length as one. */
  totalPages: number;
  /** The most pages reading may still find: the request's page limit minus the known pages. */
  pageAllowance: number;
  tokensNeeded: number;
}

const MB = 1024 * 1024;

/**
 * Enforces the tier's limits before any work: each file's size (413 file_too_large) and the pages of
 * the whole request (413 too_many_pages, counted without OCR or rendering). A file the engine cannot
 * read answers its own code (415 unsupported_format, 422 corrupt_file, …) at once.
 */
export async function checkUploadLimits(
  files: File[],
  limits: TierLimits,
  model: ModelVersion,
): Promise<CheckedUploads> {
  const maxPages = Math.min(limits.maxPagesPerRequest, model.maxPagesPerRequest);
  const uploads: InspectedUpload[] = [];
  for (const file of files) {
    if (file.size > limits.maxFileSizeBytes) {
      throw new AppError(
        "file_too_large",
        `${file.name || "The file"} is ${(file.size / MB).toFixed(1)} MB; the ${limits.name} tier accepts files up to ${limits.maxFileSizeBytes / MB} MB.`,
      );
    }
    const bytes = Buffer.from(await file.arrayBuffer());
    const inspection = await inspectDocument(bytes, { fileName: file.name }).catch((error: unknown) => {
      throw toV1RequestError(error);
    });
    uploads.push({
      bytes,
      fileName: file.name || `file-${uploads.length + 1}`,
      size: file.size,
      pages: inspection.pageCount,
    });
  }
  const totalPages = uploads.reduce((sum, upload) => sum + (upload.pages ?? 1), 0);
  if (totalPages > maxPages) {
    throw new AppError(
      "too_many_pages",
      `The request has ${totalPages} pages; the ${limits.name} tier processes at most ${maxPages} pages per request.`,
    );
  }
  return { uploads, totalPages, pageAllowance: maxPages - totalPages, tokensNeeded: tokensForPages(model, totalPages) };
}
