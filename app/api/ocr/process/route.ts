import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { processOcrRoute } from "@/lib/ocr-api/ocr.contract";
import { processOcrFile } from "@/lib/ocr-api/process-ocr-file";
import { getBlobStore } from "@/lib/storage";

// POST /api/ocr/process – OCR one file synchronously
const processFile = route(processOcrRoute, async ({ caller, form }) =>
  processOcrFile({
    db: await getDb(),
    store: getBlobStore(),
    user: caller.user,
    file: form.file,
    processingMode: form.processing_mode,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(processFile);
