import { inspectDocument } from "@/lib/documents";
import { tokensForPages, type ModelVersion } from "@/lib/models";
import { assertFileSize, assertPageTotal, tierUploadLimits } from "@/lib/upload-limits/upload-limits";
import { toV1RequestError } from "@/lib/v1/errors/to-v1-error";

export interface InspectedUpload {
  bytes: Buffer;
  fileName: string;
  size: number;
  /** From inspectDocument; null when only a LibreOffice conversion could tell (checked while reading). */
  pages: number | null;
}

export interface InspectedJobUploads {
  uploads: InspectedUpload[];
  /** Known pages, counting a file of unknown length as one. */
  totalPages: number;
  /** The most pages reading may still find: the request's page limit minus the known pages. */
  pageAllowance: number;
  tokensNeeded: number;
}

/**
 * A /v1 job's uploads checked against the tier's and model's limits (lib/upload-limits) before any
 * work: each file's size (413 file_too_large) and the pages of the whole request (413 too_many_pages,
 * counted without OCR or rendering). A file the engine cannot read answers its own code
 * (415 unsupported_format, 422 corrupt_file, …) at once.
 */
export async function inspectJobUploads(options: {
  files: File[];
  tier: string;
  model: ModelVersion;
  /** Pages of the request that are not among `files` but count against its limit (a fill's target form); not charged here. */
  otherPages?: number;
}): Promise<InspectedJobUploads> {
  const limits = tierUploadLimits(options.tier, options.model);
  const uploads: InspectedUpload[] = [];
  for (const file of options.files) {
    assertFileSize(limits, file);
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
  assertPageTotal(limits, totalPages + (options.otherPages ?? 0));
  return {
    uploads,
    totalPages,
    pageAllowance: limits.maxPages - totalPages - (options.otherPages ?? 0),
    tokensNeeded: tokensForPages(options.model, totalPages),
  };
}
