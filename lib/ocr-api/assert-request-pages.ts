import { inspectDocument } from "@/lib/documents/inspect-document";
import { assertPageTotal, tierUploadLimits } from "@/lib/upload-limits/upload-limits";

/**
 * The tier's pages-per-request limit over all files of one request (lib/upload-limits), as /v1/extract
 * applies it: 413 before any file is processed or charged. A file whose pages cannot be counted
 * (unreadable, or countable only after conversion) counts as one page; it fails on its own later.
 */
export async function assertRequestPages(files: File[], tier: string): Promise<void> {
  let pages = 0;
  for (const file of files) {
    pages += await inspectDocument(Buffer.from(await file.arrayBuffer()), { fileName: file.name, handOver: true }).then(
      (inspection) => inspection.pageCount ?? 1,
      () => 1,
    );
  }
  assertPageTotal(tierUploadLimits(tier), pages);
}
