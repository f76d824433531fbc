import { getDb } from "@/lib/db";
import { getBlobStore } from "@/lib/storage";
import { extractRoute } from "@/lib/v1/extract/extract.contract";
import { submitExtraction } from "@/lib/v1/extract/submit-extraction";
import { route, serveRoutes } from "@/lib/http";

// POST /v1/extract – extract at once (one short file) or start a job; Idempotency-Key via the contract
const extract = route(extractRoute, async ({ caller, form }) =>
  submitExtraction({
    db: await getDb(),
    store: getBlobStore(),
    userId: caller.user.id,
    tier: caller.user.tier,
    apiKeyId: caller.via === "api_key" ? caller.apiKeyId : null,
    form,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(extract);
