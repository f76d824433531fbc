import { inspectDocument } from "@/lib/documents/inspect-document";
import { AppError } from "@/lib/http/errors";
import { tierLimits } from "@/lib/tiers";

/**
 * The tier's pages-per-request limit over all files of one request, as POST /api/batch/upload and
 * /v1/extract apply it: 413 before any file is processed or charged. A file whose pages cannot be
 * counted (unreadable, or countable only after conversion) counts as one page; it fails on its own later.
 */
export async function assertRequestPages(files: File[], tier: string): Promise<void> {
  const limits = tierLimits(tier);
  let pages = 0;
  for (const file of files) {
    const counted = await inspectDocument(Buffer.from(await file.arrayBuffer()), { fileName: file.name }).then(
      (inspection) => inspection.pageCount ?? 1,
      () => 1,
    );
    pages += counted;
    if (pages > limits.maxPagesPerRequest) {
      throw new AppError(
        "too_many_pages",
        `The request's ${files.length} files have more than ${limits.maxPagesPerRequest} pages; the ${limits.name} tier allows ${limits.maxPagesPerRequest} pages per request. Send them in smaller requests.`,
      );
    }
  }
}
