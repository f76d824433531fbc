import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { getOcrDocument } from "@/lib/ocr-api/get-ocr-document";
import { getOcrDocumentRoute } from "@/lib/ocr-api/ocr.contract";

// GET /api/ocr/documents/{document_id} – one document with pages and structure
const get = route(getOcrDocumentRoute, async ({ caller, params }) =>
  getOcrDocument({ db: await getDb(), userId: caller.user.id, documentId: params.document_id }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(get);
