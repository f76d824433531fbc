import { checkHealth } from "@/lib/diagnostics/check-health";
import { v1HealthRoute } from "@/lib/diagnostics/diagnostics.contract";
import { route, serveRoutes } from "@/lib/http";

// GET /v1/health – the same live checks, on the developer API (no key needed)
const getHealth = route(v1HealthRoute, async () => {
  const report = await checkHealth();
  return Response.json(report, { status: report.status === "ok" ? 200 : 503 });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(getHealth);
