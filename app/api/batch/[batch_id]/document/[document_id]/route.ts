import { ownerOf } from "@/lib/batches/batch-owner";
import { deleteBatchDocumentRoute, updateDocumentPagesRoute } from "@/lib/batches/batch.contract";
import { deleteBatchDocument } from "@/lib/batches/delete-batch-document";
import { updateDocumentPages } from "@/lib/batches/update-document-pages";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { getBlobStore } from "@/lib/storage";

// PUT /api/batch/{batch_id}/document/{document_id} – correct several pages in one transaction
const update = route(updateDocumentPagesRoute, async ({ caller, params, body }) =>
  updateDocumentPages({
    db: await getDb(),
    owner: ownerOf(caller),
    batchId: params.batch_id,
    documentId: params.document_id,
    edits: body,
  }),
);

// DELETE /api/batch/{batch_id}/document/{document_id} – remove a document (and its batch when last)
const remove = route(deleteBatchDocumentRoute, async ({ caller, params }) =>
  deleteBatchDocument({
    db: await getDb(),
    store: getBlobStore(),
    owner: ownerOf(caller),
    batchId: params.batch_id,
    documentId: params.document_id,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(update, remove);
