import { serve } from "inngest/next";
import { buildInngestFunction } from "@/inngest/build-inngest-function";
import { inngest } from "@/inngest/client";
import { functionDefinitions } from "@/inngest/functions";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET/POST/PUT /api/inngest – Inngest's endpoint: introspection, function calls, registration.
export const { GET, POST, PUT } = serve({
  client: inngest,
  functions: functionDefinitions.map((definition) => buildInngestFunction(inngest, definition)),
});
