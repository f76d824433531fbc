import { ownerOf } from "@/lib/batches/batch-owner";
import { searchDocumentRoute } from "@/lib/batches/batch-reading.contract";
import { searchDocumentText } from "@/lib/batches/search/search-document-text";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// GET /api/batch/{batch_id}/document/{document_id}/search – a word or phrase across the document's pages
const search = route(searchDocumentRoute, async ({ caller, params, query }) =>
  searchDocumentText({
    db: await getDb(),
    owner: ownerOf(caller),
    batchId: params.batch_id,
    documentId: params.document_id,
    query: query.q,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(search);
