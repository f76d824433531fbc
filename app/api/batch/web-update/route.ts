import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { followWebSession } from "@/lib/web/follow-web-session";
import { getBlobStore } from "@/lib/storage";
import { documentFileLoader } from "@/lib/web/load-document-file";
import { updateWebPage } from "@/lib/web/update-web-page";
import { webOwnerOf } from "@/lib/web/web-caller";
import { webUpdateRoute } from "@/lib/web/web.contract";

// POST /api/batch/web-update – type values into a page's fields, never submitting
const update = route(webUpdateRoute, async ({ req, caller, body }) => {
  const owner = webOwnerOf(caller, req);
  return followWebSession({ req, owner, sessionId: body.session_id, body }, async () =>
    updateWebPage({
      ownerId: owner.ownerId,
      sessionId: body.session_id,
      fields: body.fields,
      loadDocument: documentFileLoader({ db: await getDb(), store: getBlobStore(), userId: owner.userId }),
    }),
  );
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(update);
