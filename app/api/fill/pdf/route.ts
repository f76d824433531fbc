import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { getBlobStore } from "@/lib/storage";
import { browserFillPdfRoute } from "@/lib/studio/studio.contract";
import { submitBrowserFillPdf } from "@/lib/studio/submit-browser-fill";

// POST /api/fill/pdf – the Fill page starts a PDF form fill job
const fillPdf = route(browserFillPdfRoute, async ({ caller, form }) => {
  const answer = await submitBrowserFillPdf({
    db: await getDb(),
    store: getBlobStore(),
    userId: caller.user.id,
    tier: caller.user.tier,
    form,
  });
  return Response.json(answer.body, { status: answer.status });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(fillPdf);
