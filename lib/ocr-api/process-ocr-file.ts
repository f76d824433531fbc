import type { z } from "zod";
import type { ProcessingMode } from "@/lib/batches/processing-mode";
import { runDocumentProcessing } from "@/lib/batches/processing/run-document-processing";
import { uploadBatch } from "@/lib/batches/upload-batch";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import type { BlobStore } from "@/lib/storage";
import { getOcrDocument } from "./get-ocr-document";
import type { OCRResponse } from "./schemas";

export interface ProcessOcrFileInput {
  user: { id: string; tier: string };
  file: File;
  processingMode?: ProcessingMode;
}

/**
 * POST /api/ocr/process, in the spec's order: (the route authenticated the user) check the token
 * balance and limits, store the file (as a one-document batch, so it is listed with every other
 * document), run OCR — the built-in engine or OCR_SERVICE_URL, as lib/ocr is configured — and store
 * the pages' text, boxes and structured data, charge usage per page, and answer it all at once.
 * A document no page of which could be read answers 422 with the reason; it stays stored, marked
 * failed (nothing charged), so it is listed and POST /api/batch/{batch_id}/retry can read it again.
 */
export async function processOcrFile(
  input: ProcessOcrFileInput & { db: Db; store: BlobStore },
): Promise<z.infer<typeof OCRResponse>> {
  const { db, store } = input;
  const started = performance.now();
  const upload = await uploadBatch({
    db,
    store,
    owner: { userId: input.user.id },
    tier: input.user.tier,
    files: [input.file],
    batchName: `OCR: ${input.file.name}`,
    skipProcessing: true,
    processingMode: input.processingMode,
  });
  const documentId = upload.documents[0].document_id;
  // Read here, in the request, rather than by a background run: the same stages, run directly.
  await db.batchDocument.update({ where: { id: documentId }, data: { status: "queued" } });
  await runDocumentProcessing({
    getDb: async () => db,
    getStore: () => store,
    documentId,
    runStage: (_id, stage) => stage(),
  });

  const [document, usage] = await Promise.all([
    getOcrDocument({ db, userId: input.user.id, documentId }),
    db.usageEvent.aggregate({ where: { documentId }, _sum: { tokens: true } }),
  ]);
  if (document.status === "failed") {
    throw new AppError(
      "processing_error",
      `No page of ${document.file_name} could be read: ${document.error ?? "unknown reason"}. It is kept as document ${documentId} ` +
        `(batch ${upload.batch_id}, status failed, nothing charged); POST /api/batch/${upload.batch_id}/retry reads it again.`,
    );
  }
  return {
    ...document,
    model: upload.model,
    tokens_used: usage._sum.tokens ?? 0,
    processing_time_ms: Math.round(performance.now() - started),
  };
}
