import type { NextRequest } from "next/server";
import { serve } from "inngest/next";
import { buildInngestFunction } from "@/inngest/build-inngest-function";
import { inngest } from "@/inngest/client";
import { functionDefinitions } from "@/inngest/functions";
import { withRequestLog } from "@/lib/http/log-request";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const inngestEndpoint = serve({
  client: inngest,
  functions: functionDefinitions.map((definition) => buildInngestFunction(inngest, definition)),
});

// GET/POST/PUT /api/inngest – Inngest's endpoint: introspection, function calls, registration.
// Logged like every route: Next.js hands it a NextRequest, which is what serve() expects.
export const GET = withRequestLog((req, _requestId, context: unknown) =>
  inngestEndpoint.GET(req as NextRequest, context),
);
export const POST = withRequestLog((req, _requestId, context: unknown) =>
  inngestEndpoint.POST(req as NextRequest, context),
);
export const PUT = withRequestLog((req, _requestId, context: unknown) =>
  inngestEndpoint.PUT(req as NextRequest, context),
);
