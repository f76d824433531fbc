import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { listOcrDocuments } from "@/lib/ocr-api/list-ocr-documents";
import { listOcrDocumentsRoute } from "@/lib/ocr-api/ocr.contract";

// GET /api/ocr/documents – the user's documents, newest first
const list = route(listOcrDocumentsRoute, async ({ caller, query }) =>
  listOcrDocuments({ db: await getDb(), userId: caller.user.id, query }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(list);
