import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { getBlobStore } from "@/lib/storage";
import { uploadWebPage } from "@/lib/web/upload-web-page";
import { uploadUrlRoute } from "@/lib/web/web.contract";

// POST /api/batch/url – render a web page, store it as a PDF batch and process it
const uploadUrl = route(uploadUrlRoute, async ({ caller, form }) =>
  uploadWebPage({
    db: await getDb(),
    store: getBlobStore(),
    userId: caller.user.id,
    tier: caller.user.tier,
    url: form.url,
    batchName: form.batch_name,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(uploadUrl);
