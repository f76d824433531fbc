import { route, serveRoutes } from "@/lib/http";
import { followWebSession } from "@/lib/web/follow-web-session";
import { closeCallerWebSession } from "@/lib/web/close-web-session";
import { webOwnerOf } from "@/lib/web/web-caller";
import { closeWebSessionRoute } from "@/lib/web/web.contract";

// DELETE /api/batch/web-session/{session_id} – close a web session now
const close = route(closeWebSessionRoute, async ({ req, caller, params }) => {
  const owner = webOwnerOf(caller, req);
  return followWebSession({ req, owner, sessionId: params.session_id }, () =>
    closeCallerWebSession({ ownerId: owner.ownerId, sessionId: params.session_id }),
  );
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(close);
