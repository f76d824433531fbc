import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { getBlobStore } from "@/lib/storage";
import { browserExtractRoute } from "@/lib/studio/playground.contract";
import { submitBrowserExtraction } from "@/lib/studio/submit-browser-extraction";

// POST /api/extract – the extraction playground runs /v1/extract for the signed-in user
const extract = route(browserExtractRoute, async ({ caller, form }) => {
  const answer = await submitBrowserExtraction({
    db: await getDb(),
    store: getBlobStore(),
    userId: caller.user.id,
    tier: caller.user.tier,
    form,
  });
  return Response.json(answer.body, { status: answer.status });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(extract);
