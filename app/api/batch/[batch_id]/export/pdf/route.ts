import { ownerOf } from "@/lib/batches/batch-owner";
import { getDb } from "@/lib/db";
import { exportBatch } from "@/lib/export/export-batch";
import { exportBatchPdfRoute } from "@/lib/export/export.contract";
import { route, sendFile, serveRoutes } from "@/lib/http";
import { getBlobStore } from "@/lib/storage";

// POST /api/batch/{batch_id}/export/pdf – the batch (with unsaved edits from the body) as a pdf download
const exportFile = route(exportBatchPdfRoute, async ({ req, caller, params, body }) =>
  sendFile(
    await exportBatch(await getDb(), getBlobStore(), {
      owner: ownerOf(caller),
      batchId: params.batch_id,
      format: "pdf",
      request: body ?? {},
      signal: req.signal,
    }),
  ),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(exportFile);
