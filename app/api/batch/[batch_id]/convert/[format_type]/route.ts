import { ownerOf } from "@/lib/batches/batch-owner";
import { getDb } from "@/lib/db";
import { convertBatch } from "@/lib/export/convert/convert-batch";
import { convertBatchRoute } from "@/lib/export/convert/convert.contract";
import { route, serveRoutes } from "@/lib/http";

// POST /api/batch/{batch_id}/convert/{format_type} – every read document of the batch in one JSON, CSV or Markdown file
const convert = route(convertBatchRoute, async ({ req, caller, params }) =>
  convertBatch(await getDb(), {
    owner: ownerOf(caller),
    batchId: params.batch_id,
    format: params.format_type,
    signal: req.signal,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(convert);
