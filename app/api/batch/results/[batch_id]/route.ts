import { ownerOf } from "@/lib/batches/batch-owner";
import { getBatchResultsRoute } from "@/lib/batches/batch-reading.contract";
import { getBatchResults } from "@/lib/batches/get-batch-results";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// GET /api/batch/results/{batch_id} – documents with pages, boxes and structure
const results = route(getBatchResultsRoute, async ({ caller, params, query }) =>
  getBatchResults({ db: await getDb(), owner: ownerOf(caller), batchId: params.batch_id, query }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(results);
