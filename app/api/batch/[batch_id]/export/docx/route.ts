import { ownerOf } from "@/lib/batches/batch-owner";
import { getDb } from "@/lib/db";
import { exportBatch } from "@/lib/export/export-batch";
import { exportBatchDocxRoute } from "@/lib/export/export.contract";
import { route, sendFile, serveRoutes } from "@/lib/http";
import { getBlobStore } from "@/lib/storage";

// POST /api/batch/{batch_id}/export/docx – the batch (with unsaved edits from the body) as a docx download
const exportFile = route(exportBatchDocxRoute, async ({ req, caller, params, body }) =>
  sendFile(
    await exportBatch(await getDb(), getBlobStore(), {
      owner: ownerOf(caller),
      batchId: params.batch_id,
      format: "docx",
      request: body ?? {},
      signal: req.signal,
    }),
  ),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(exportFile);
