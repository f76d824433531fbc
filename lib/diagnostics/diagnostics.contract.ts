import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import { healthExample } from "@/lib/v1/v1-examples";
import { HEALTH_REPORT_TTL_MS } from "./health-report-ttl";
import { QueueReportSchema } from "./read-queue";

export const VersionInfoSchema = z
  .object({
    api_version: z.string().describe("Version of the API contract (0.1.0)."),
    build_version: z.string(),
    git_commit: z.string(),
    built_at: z.string().nullable(),
    node_version: z.string(),
    database: z.enum(["pglite", "postgresql"]),
    storage: z.enum(["local", "vercel-blob", "s3"]),
    jobs: z.enum(["in-process", "inngest"]),
    ocr_engine: z
      .enum(["tesseract", "tesseract.js", "remote"])
      .describe("tesseract: native Tesseract; tesseract.js: the embedded WebAssembly engine; remote: OCR_SERVICE_URL."),
    ai_provider: z
      .string()
      .describe('openai, anthropic, openai-compatible, or "offline" for the built-in deterministic engine.'),
  })
  .meta({ id: "VersionInfo", title: "VersionInfo" });

const ComponentCheckSchema = z.object({
  status: z.enum(["ok", "down"]),
  latency_ms: z.number().int(),
  error: z.string().optional(),
});

export const HealthResponseSchema = z
  .object({
    status: z.enum(["ok", "unavailable"]).describe("unavailable (HTTP 503) when any component is down."),
    version: z.string(),
    checked_at: z.string().describe("ISO 8601 time of the check."),
    checks: z.object({
      database: ComponentCheckSchema.extend({ kind: z.enum(["pglite", "postgresql"]) }),
      storage: ComponentCheckSchema.extend({ kind: z.enum(["local", "vercel-blob", "s3"]) }),
      ocr: ComponentCheckSchema.extend({ engine: z.enum(["tesseract", "tesseract.js", "remote"]) }),
      browser: z
        .object({
          status: z.enum(["ok", "missing"]),
          executable: z.string(),
          running: z.boolean(),
          sessions_open: z.number().int(),
          max_sessions: z.number().int(),
          error: z.string().optional(),
        })
        .describe(
          "Chromium for the web operations (optional: missing makes those answer 503, not the service unavailable).",
        ),
    }),
    queue: QueueReportSchema.optional(),
  })
  .meta({
    id: "HealthResponse",
    title: "HealthResponse",
    description: "Result of live checks of the database, blob store and OCR engine.",
  });

export const debugVersionRoute = defineRoute({
  method: "GET",
  path: "/debug-version",
  surface: "api",
  auth: "none",
  operationId: "debugVersion",
  summary: "Build and runtime information",
  tags: ["Health and diagnostics"],
  responses: { 200: VersionInfoSchema },
});

const cachedChecks =
  `The checks run at most once every ${HEALTH_REPORT_TTL_MS / 1000} s: a call answers at once with the latest report (checked_at says when its checks ran) and, ` +
  "when that report is older, starts a new run in the background for the next call; only the first call after start-up waits for the checks (each at most 15 s).";

const healthResponses = {
  200: HealthResponseSchema,
  503: { description: "A component is down; the body says which.", schema: HealthResponseSchema },
};

export const ocrHealthRoute = defineRoute({
  method: "GET",
  path: "/api/ocr/health",
  surface: "api",
  auth: "none",
  operationId: "ocrHealth",
  summary: "OCR service health",
  description:
    "Live checks: a database round trip, a blob write/read/delete, and OCR of a rendered word. " + cachedChecks,
  tags: ["Health and diagnostics"],
  responses: healthResponses,
});

export const v1HealthRoute = defineRoute({
  method: "GET",
  path: "/v1/health",
  surface: "v1",
  auth: "none",
  operationId: "v1Health",
  summary: "Service health",
  description:
    "No API key needed; cheap enough for a load balancer's liveness probe. The same live checks as /api/ocr/health (a database round trip, a blob write/read/delete, OCR of a rendered word). " +
    cachedChecks,
  tags: ["Developer API: reference"],
  responses: {
    ...healthResponses,
    200: { description: "Every component is up.", schema: HealthResponseSchema, example: healthExample },
  },
});
