import { ownerOf } from "@/lib/batches/batch-owner";
import { updatePageRoute } from "@/lib/batches/batch.contract";
import { updatePage } from "@/lib/batches/update-page";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// PUT /api/batch/{batch_id}/document/{document_id}/page/{page_number} – correct one page
const update = route(updatePageRoute, async ({ caller, params, body }) =>
  updatePage({
    db: await getDb(),
    owner: ownerOf(caller),
    batchId: params.batch_id,
    documentId: params.document_id,
    pageNumber: params.page_number,
    update: body,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(update);
