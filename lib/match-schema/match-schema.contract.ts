import { defineRoute } from "@/lib/contracts/contract";
import { matchSchemaRateLimitHook } from "./match-schema-rate-limit";
import { MatchSchemaRequest, MatchSchemaResponse } from "./match-schema-schemas";

export const matchSchemaRoute = defineRoute({
  method: "POST",
  path: "/api/batch/match-schema",
  surface: "api",
  auth: "optional",
  operationId: "batchMatchSchema",
  summary: "Match a text or a stored document against a schema",
  description:
    "Answers every schema field with its normalised value (null when absent), typed value, a 0–1 confidence and where it was read: character offsets and the quote for text, page and box for a document. " +
    "The same engine as /v1/extract's schema fields: the configured AI provider, else the deterministic engine (engine says which). " +
    "No sign-in needed: anonymous calls are limited per client address (10 per minute, text up to 100 KB); signed-in callers get their tier's rate and 1 MB. " +
    "X-RateLimit-* headers on every answer; 429 with Retry-After over the limit.",
  tags: ["Export"],
  body: MatchSchemaRequest,
  maxBodyBytes: 2 * 1024 * 1024,
  hooks: [matchSchemaRateLimitHook],
  responses: {
    200: MatchSchemaResponse,
    401: { description: "document_id without signing in." },
    404: { description: "document_id is not one of the caller's documents." },
    409: { description: "The document has no read pages yet." },
    413: { description: "text is over the caller's limit (100 KB anonymous, 1 MB signed in)." },
    422: {
      description:
        "Neither or both of text and document_id; schema not valid JSON, an unknown type, a duplicate name, or more than 200 fields.",
    },
    429: { description: "Too many calls this minute; see Retry-After." },
  },
});
