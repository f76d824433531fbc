import { ownerOf } from "@/lib/batches/batch-owner";
import { getBatchStatusRoute } from "@/lib/batches/batch-reading.contract";
import { getBatchStatus } from "@/lib/batches/get-batch-status";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// GET /api/batch/status/{batch_id} – status and progress (2 s cache)
const status = route(getBatchStatusRoute, async ({ caller, params }) =>
  getBatchStatus({ db: await getDb(), owner: ownerOf(caller), batchId: params.batch_id }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(status);
