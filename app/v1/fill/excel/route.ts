import { getDb } from "@/lib/db";
import { getBlobStore } from "@/lib/storage";
import { fillExcelRoute } from "@/lib/v1/fill/fill.contract";
import { submitFillExcel } from "@/lib/v1/fill/submit-fill-excel";
import { route, serveRoutes } from "@/lib/http";

// POST /v1/fill/excel – start a job filling an Excel template; Idempotency-Key via the contract
const fillExcel = route(fillExcelRoute, async ({ caller, form }) =>
  submitFillExcel({
    db: await getDb(),
    store: getBlobStore(),
    userId: caller.user.id,
    tier: caller.user.tier,
    apiKeyId: caller.via === "api_key" ? caller.apiKeyId : null,
    form,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(fillExcel);
