import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { processOcrBatchRoute } from "@/lib/ocr-api/ocr.contract";
import { processOcrFiles } from "@/lib/ocr-api/process-ocr-files";
import { getBlobStore } from "@/lib/storage";

// POST /api/ocr/process/batch – OCR several files, one result each
const processFiles = route(processOcrBatchRoute, async ({ caller, form }) =>
  processOcrFiles({
    db: await getDb(),
    store: getBlobStore(),
    user: caller.user,
    files: form.files,
    processingMode: form.processing_mode,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(processFiles);
