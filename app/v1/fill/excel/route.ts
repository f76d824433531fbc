import { getDb } from "@/lib/db";
import { answerFillRequest, canonicalFillForm } from "@/lib/v1/fill/answer-fill-request";
import { fillExcelRoute } from "@/lib/v1/fill/fill.contract";
import { submitFillExcel } from "@/lib/v1/fill/submit-fill-excel";
import { route, serveRoutes } from "@/lib/http";

// POST /v1/fill/excel – start a job filling an Excel template
const fillExcel = route(fillExcelRoute, async ({ req, caller, form }) => {
  const db = await getDb();
  const submission = { userId: caller.user.id, tier: caller.user.tier, apiKeyId: caller.via === "api_key" ? caller.apiKeyId : null, form };
  return answerFillRequest(db, {
    userId: caller.user.id,
    path: "/v1/fill/excel",
    idempotencyKey: req.headers.get("idempotency-key"),
    form: canonicalFillForm(form),
    submit: () => submitFillExcel(db, submission),
  });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(fillExcel);
