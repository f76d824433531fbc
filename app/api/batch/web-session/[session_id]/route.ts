import { route, serveRoutes } from "@/lib/http";
import { closeCallerWebSession } from "@/lib/web/close-web-session";
import { webOwnerOf } from "@/lib/web/web-caller";
import { closeWebSessionRoute } from "@/lib/web/web.contract";

// DELETE /api/batch/web-session/{session_id} – close a web session now
const close = route(closeWebSessionRoute, async ({ req, caller, params }) =>
  closeCallerWebSession({ ownerId: webOwnerOf(caller, req).ownerId, sessionId: params.session_id }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(close);
