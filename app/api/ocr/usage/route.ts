import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { getOcrUsage } from "@/lib/ocr-api/get-ocr-usage";
import { ocrUsageRoute } from "@/lib/ocr-api/ocr.contract";

// GET /api/ocr/usage – OCR usage this period and the token balance
const usage = route(ocrUsageRoute, async ({ caller }) => getOcrUsage({ db: await getDb(), userId: caller.user.id }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(usage);
