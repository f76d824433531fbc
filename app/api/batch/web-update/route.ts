import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { getBlobStore } from "@/lib/storage";
import { documentFileLoader } from "@/lib/web/load-document-file";
import { updateWebPage } from "@/lib/web/update-web-page";
import { webUpdateRoute } from "@/lib/web/web.contract";

// POST /api/batch/web-update – type values into a page's fields, never submitting
const update = route(webUpdateRoute, async ({ caller, body }) =>
  updateWebPage({
    ownerId: caller.user.id,
    sessionId: body.session_id,
    fields: body.fields,
    loadDocument: documentFileLoader(await getDb(), getBlobStore(), caller.user.id),
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(update);
