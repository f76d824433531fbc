import { route, serveRoutes } from "@/lib/http";
import { scanWebPage } from "@/lib/web/scan-web-page";
import { webScanRoute } from "@/lib/web/web.contract";

// POST /api/batch/web-scan – every fillable field and submit button of a page
const scan = route(webScanRoute, async ({ caller, body }) =>
  scanWebPage({ ownerId: caller.user.id, url: body.url, sessionId: body.session_id }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(scan);
