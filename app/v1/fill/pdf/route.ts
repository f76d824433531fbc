import { getDb } from "@/lib/db";
import { answerFillRequest, canonicalFillForm } from "@/lib/v1/fill/answer-fill-request";
import { fillPdfRoute } from "@/lib/v1/fill/fill.contract";
import { submitFillPdf } from "@/lib/v1/fill/submit-fill-pdf";
import { route, serveRoutes } from "@/lib/http";

// POST /v1/fill/pdf – start a job filling a PDF form
const fillPdf = route(fillPdfRoute, async ({ req, caller, form }) => {
  const db = await getDb();
  const submission = { userId: caller.user.id, tier: caller.user.tier, apiKeyId: caller.via === "api_key" ? caller.apiKeyId : null, form };
  return answerFillRequest(db, {
    userId: caller.user.id,
    path: "/v1/fill/pdf",
    idempotencyKey: req.headers.get("idempotency-key"),
    form: canonicalFillForm(form),
    submit: () => submitFillPdf(db, submission),
  });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(fillPdf);
