import { inspectDocument } from "@/lib/documents";
import { openPdfLib } from "@/lib/documents/pdf/open-pdf-lib";
import { asEncryptedFormError, encryptedFormMessage } from "@/lib/fill/pdf/encrypted-form-message";
import { AppError } from "@/lib/errors/app-error";
import { holderName, type UploadLimits } from "@/lib/upload-limits/upload-limits";
import { toV1RequestError } from "@/lib/v1/errors/to-v1-error";

/**
 * The target form's pages, counted before the job is made: they count against the tier's pages per
 * request with the sources' (413 too_many_pages naming the limit), so a form of thousands of blank
 * pages is refused at once instead of being read page by page. An encrypted form is refused (422
 * corrupt_file) with what to do about it; a form that cannot be read answers its own code.
 */
export async function inspectFillTarget(options: {
  bytes: Buffer;
  name: string;
  limits: UploadLimits;
}): Promise<{ pages: number }> {
  const { bytes, name, limits } = options;
  const pages = await inspectDocument(bytes, { fileName: name })
    .then((inspection) => inspection.pageCount ?? 1)
    .catch((error: unknown) => {
      throw toV1RequestError(asEncryptedFormError(error, name));
    });
  if (pages > limits.maxPages) {
    throw new AppError(
      "too_many_pages",
      `target_pdf ${name} has ${pages} pages; ${holderName(limits)} allows at most ${limits.maxPages} pages per request, the form's and the source files' together.`,
    );
  }
  // Opened without a password (only permissions restricted), but still encrypted: pdf-lib cannot write it.
  if ((await openPdfLib(bytes))?.isEncrypted) throw new AppError("corrupt_file", encryptedFormMessage(name));
  return { pages };
}
