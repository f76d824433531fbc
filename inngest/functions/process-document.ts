import { batchDocumentProcessRequested } from "@/lib/background/events";
import { failDocument } from "@/lib/batches/processing/fail-document";
import { runDocumentProcessing } from "@/lib/batches/processing/run-document-processing";
import { getDb } from "@/lib/db";
import { defineFunction } from "@/lib/background/define-function";
import { getBlobStore } from "@/lib/storage";

/**
 * One uploaded batch document read into pages. Each stage (begin, every chunk of pages, finish) is
 * a step, so a failure retries only that stage; the work lives in lib/batches/processing.
 */
export const processDocument = defineFunction({
  id: "process-batch-document",
  event: batchDocumentProcessRequested,
  retries: 2,
  async handler({ event, step }) {
    return runDocumentProcessing({
      getDb,
      getStore: getBlobStore,
      documentId: event.data.documentId,
      runStage: (id, stage) => step.run(id, stage),
    });
  },
  // Retries exhausted: the document must not stay "processing" until someone retries it.
  async onFailure({ event, error }) {
    const db = await getDb();
    const document = await db.batchDocument.findUnique({
      where: { id: event.data.documentId },
      select: { id: true, batchId: true, status: true },
    });
    if (!document || document.status === "completed") return;
    await failDocument({ db, document, message: `Processing stopped after repeated failures: ${error.message}` });
  },
});
