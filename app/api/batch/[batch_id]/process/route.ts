import { ownerOf } from "@/lib/batches/batch-owner";
import { processBatchRoute } from "@/lib/batches/batch.contract";
import { startBatchProcessing } from "@/lib/batches/start-batch-processing";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// POST /api/batch/{batch_id}/process – start a batch uploaded with skip_processing
const startProcessing = route(processBatchRoute, async ({ caller, params, query }) =>
  startBatchProcessing({
    db: await getDb(),
    owner: ownerOf(caller),
    batchId: params.batch_id,
    processingMode: query.processing_mode,
    ametSessionId: query.amet_session_id,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(startProcessing);
