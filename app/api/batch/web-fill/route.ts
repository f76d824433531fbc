import { getDb } from "@/lib/db";
import { createEventStream, route, serveRoutes } from "@/lib/http";
import { followWebSession } from "@/lib/web/follow-web-session";
import { getBlobStore } from "@/lib/storage";
import { streamWebFill } from "@/lib/web/stream-web-fill";
import { webOwnerOf } from "@/lib/web/web-caller";
import { webFillRoute } from "@/lib/web/web.contract";

// POST /api/batch/web-fill – fill a web form from documents, streaming each step as server-sent events
const fill = route(webFillRoute, async ({ req, caller, body }) =>
  followWebSession({ req, owner: webOwnerOf(caller, req), sessionId: body.session_id, body }, async () =>
    createEventStream(
      req,
      await streamWebFill({
        db: await getDb(),
        store: getBlobStore(),
        userId: caller.user.id,
        url: body.url,
        sessionId: body.session_id,
        batchId: body.batch_id,
        documentIds: body.document_ids,
        instructions: body.instructions,
        values: body.values,
        submit: body.submit,
        maxSteps: body.max_steps,
      }),
    ),
  ),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(fill);
