import { route, serveRoutes } from "@/lib/http";
import { previewWebPage } from "@/lib/web/preview-web-page";
import { webPreviewRoute } from "@/lib/web/web.contract";

// POST /api/batch/web-preview – first viewport of a page as a base64 PNG
const preview = route(webPreviewRoute, async ({ caller, body }) =>
  previewWebPage({ ownerId: caller.user.id, url: body.url, sessionId: body.session_id }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(preview);
