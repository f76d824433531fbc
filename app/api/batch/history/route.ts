import { ownerOf } from "@/lib/batches/batch-owner";
import { getBatchHistoryRoute } from "@/lib/batches/batch-reading.contract";
import { listBatchHistory } from "@/lib/batches/list-batch-history";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// GET /api/batch/history – the caller's batches, newest first
const history = route(getBatchHistoryRoute, async ({ caller, query }) =>
  listBatchHistory({ db: await getDb(), owner: ownerOf(caller), query }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(history);
