import { route, serveRoutes } from "@/lib/http";
import { followWebSession } from "@/lib/web/follow-web-session";
import { previewWebPage } from "@/lib/web/preview-web-page";
import { webOwnerOf } from "@/lib/web/web-caller";
import { webPreviewRoute } from "@/lib/web/web.contract";

// POST /api/batch/web-preview – first viewport of a page as a base64 PNG
const preview = route(webPreviewRoute, async ({ req, caller, body }) => {
  const owner = webOwnerOf(caller, req);
  return followWebSession({ req, owner, sessionId: body.session_id, body }, () =>
    previewWebPage({ ...owner, url: body.url, sessionId: body.session_id, keepSession: body.keep_session }),
  );
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(preview);
