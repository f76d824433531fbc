import { ownerOf } from "@/lib/batches/batch-owner";
import { getDb } from "@/lib/db";
import { CONVERT_ALL_FORMATS, convertDocument } from "@/lib/export/convert/convert-document";
import { convertDocumentAllRoute } from "@/lib/export/convert/convert.contract";
import { route, serveRoutes } from "@/lib/http";

// POST /api/batch/documents/{doc_id}/convert-all – the document in every format, saved into its metadata
const convertAll = route(convertDocumentAllRoute, async ({ req, caller, params, body }) => {
  const result = await convertDocument(await getDb(), {
    owner: ownerOf(caller),
    documentId: params.doc_id,
    formats: [...CONVERT_ALL_FORMATS],
    pages: body?.pages,
    signal: req.signal,
  });
  return {
    document_id: result.document_id,
    formats: result.outputs,
    missing_pages: result.missing_pages,
    message: result.message,
  };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(convertAll);
