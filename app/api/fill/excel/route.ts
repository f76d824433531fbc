import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { getBlobStore } from "@/lib/storage";
import { browserFillExcelRoute } from "@/lib/studio/studio.contract";
import { submitBrowserFillExcel } from "@/lib/studio/submit-browser-fill";

// POST /api/fill/excel – the Fill page starts an Excel template fill job
const fillExcel = route(browserFillExcelRoute, async ({ caller, form }) => {
  const answer = await submitBrowserFillExcel({
    db: await getDb(),
    store: getBlobStore(),
    userId: caller.user.id,
    tier: caller.user.tier,
    form,
  });
  return Response.json(answer.body, { status: answer.status });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(fillExcel);
