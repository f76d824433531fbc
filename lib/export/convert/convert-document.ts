import type { BatchOwner } from "@/lib/batches/batch-owner";
import { getOwnedDocumentOrThrow } from "@/lib/batches/get-batch-or-throw";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { OUTPUT_FORMATS, serialiseAs } from "@/lib/extraction/output/output-formats";
import { AppError } from "@/lib/errors/app-error";
import type { ExportPageOverride } from "../export-schemas";
import { CONVERT_ALL_FORMATS, type ConvertedOutputBody, type ConvertFormat } from "./convert-schemas";
import { loadConvertibleDocument } from "./convertible-document";

/**
 * POST /api/batch/documents/{doc_id}/convert/{format} and /convert-all: the document (edits
 * included) in each format, saved into the document's metadata under conversions.{format} (shown by
 * GET /api/ocr/documents/{id}) and returned. 409 when no page has been read yet.
 */
export async function convertDocument(
  db: Db,
  options: {
    owner: BatchOwner;
    documentId: string;
    formats: ConvertFormat[];
    /** Unsaved edits, as the export takes them. */ pages?: ExportPageOverride[];
    /** The request's signal: when the client goes away, nothing more is made or saved. */
    signal?: AbortSignal;
    now?: Date;
  },
) {
  const document = await getOwnedDocumentOrThrow({ db, owner: options.owner, documentId: options.documentId });
  const { converted, missing } = await loadConvertibleDocument({
    db,
    document,
    overrides: options.pages,
    signal: options.signal,
  });
  if (converted.pages.length === 0) {
    throw new AppError(
      "conflict",
      `Document ${document.id} has no read pages yet (status ${document.status}); convert it when processing has finished`,
    );
  }
  const generatedAt = (options.now ?? new Date()).toISOString();
  const baseName = document.fileName.replace(/\.[^.]+$/, "") || "document";
  const outputs = Object.fromEntries(
    options.formats.map((format): [ConvertFormat, ConvertedOutputBody] => [
      format,
      {
        format,
        content_type: OUTPUT_FORMATS[format].contentType,
        file_name: `${baseName}.${OUTPUT_FORMATS[format].extension}`,
        content: serialiseAs(format, converted, "document"),
        generated_at: generatedAt,
      },
    ]),
  ) as Partial<Record<ConvertFormat, ConvertedOutputBody>>;

  options.signal?.throwIfAborted();
  // Read and write in one transaction so two conversions at once do not drop each other's output.
  await db.$transaction(async (tx) => {
    const current = await tx.batchDocument.findUniqueOrThrow({
      where: { id: document.id },
      select: { metadata: true },
    });
    const metadata = (current.metadata ?? {}) as Prisma.JsonObject;
    const conversions = {
      ...((metadata.conversions ?? {}) as Prisma.JsonObject),
      ...outputs,
    } as Prisma.InputJsonObject;
    await tx.batchDocument.update({ where: { id: document.id }, data: { metadata: { ...metadata, conversions } } });
  });
  const message =
    missing.length > 0 ? `Converted; pages ${missing.join(", ")} are not read yet and were left out` : "Converted";
  return { document_id: document.id, outputs, missing_pages: missing, message };
}

export { CONVERT_ALL_FORMATS };
