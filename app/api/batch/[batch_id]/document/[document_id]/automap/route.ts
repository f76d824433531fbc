import { automapDocument } from "@/lib/chat/automap/automap-document";
import { automapRoute } from "@/lib/chat/chat.contract";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { getBlobStore } from "@/lib/storage";

// POST /api/batch/{batch_id}/document/{document_id}/automap – map the document's data to a template's fields
const automap = route(automapRoute, async ({ caller, params, body }) =>
  automapDocument({
    db: await getDb(),
    store: getBlobStore(),
    userId: caller.user.id,
    batchId: params.batch_id,
    documentId: params.document_id,
    request: body,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(automap);
