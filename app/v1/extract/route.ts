import { getDb } from "@/lib/db";
import { answerExtractRequest } from "@/lib/v1/extract/answer-extract-request";
import { extractRoute } from "@/lib/v1/extract/extract.contract";
import { route, serveRoutes } from "@/lib/http";

// POST /v1/extract – extract at once (one short file) or start a job
const extract = route(extractRoute, async ({ req, caller, form }) =>
  answerExtractRequest(await getDb(), {
    userId: caller.user.id,
    tier: caller.user.tier,
    apiKeyId: caller.via === "api_key" ? caller.apiKeyId : null,
    form,
    idempotencyKey: req.headers.get("idempotency-key"),
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(extract);
