import { ownerOf } from "@/lib/batches/batch-owner";
import { retryBatchRoute } from "@/lib/batches/batch.contract";
import { retryBatch } from "@/lib/batches/retry-batch";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// POST /api/batch/{batch_id}/retry – reprocess failed, partially completed and stuck documents
const retry = route(retryBatchRoute, async ({ caller, params, body }) =>
  retryBatch({
    db: await getDb(),
    owner: ownerOf(caller),
    batchId: params.batch_id,
    processingMode: body?.processing_mode ?? "normal",
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(retry);
