import { route, serveRoutes } from "@/lib/http";
import { followWebSession } from "@/lib/web/follow-web-session";
import { scanWebPage } from "@/lib/web/scan-web-page";
import { webOwnerOf } from "@/lib/web/web-caller";
import { webScanRoute } from "@/lib/web/web.contract";

// POST /api/batch/web-scan – every fillable field and submit button of a page
const scan = route(webScanRoute, async ({ req, caller, body }) => {
  const owner = webOwnerOf(caller, req);
  return followWebSession({ req, owner, sessionId: body.session_id, body }, () =>
    scanWebPage({ ...owner, url: body.url, sessionId: body.session_id, keepSession: body.keep_session }),
  );
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(scan);
