import { getDb } from "@/lib/db";
import { getBlobStore } from "@/lib/storage";
import { fillPdfRoute } from "@/lib/v1/fill/fill.contract";
import { submitFillPdf } from "@/lib/v1/fill/submit-fill-pdf";
import { route, serveRoutes } from "@/lib/http";

// POST /v1/fill/pdf – start a job filling a PDF form; Idempotency-Key via the contract
const fillPdf = route(fillPdfRoute, async ({ caller, form }) =>
  submitFillPdf({
    db: await getDb(),
    store: getBlobStore(),
    userId: caller.user.id,
    tier: caller.user.tier,
    apiKeyId: caller.via === "api_key" ? caller.apiKeyId : null,
    form,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(fillPdf);
