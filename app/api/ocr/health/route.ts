import { checkHealth } from "@/lib/diagnostics/check-health";
import { ocrHealthRoute } from "@/lib/diagnostics/diagnostics.contract";
import { route, serveRoutes } from "@/lib/http";

// GET /api/ocr/health – live checks of database, blob store and OCR engine; 503 when one is down
const getHealth = route(ocrHealthRoute, async () => {
  const report = await checkHealth();
  return Response.json(report, { status: report.status === "ok" ? 200 : 503 });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(getHealth);
