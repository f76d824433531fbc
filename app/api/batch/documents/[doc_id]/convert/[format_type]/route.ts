import { ownerOf } from "@/lib/batches/batch-owner";
import { getDb } from "@/lib/db";
import { convertDocument } from "@/lib/export/convert/convert-document";
import { convertDocumentRoute } from "@/lib/export/convert/convert.contract";
import { route, serveRoutes } from "@/lib/http";

// POST /api/batch/documents/{doc_id}/convert/{format_type} – the document in one format, saved into its metadata
const convert = route(convertDocumentRoute, async ({ req, caller, params, body }) => {
  const result = await convertDocument(await getDb(), {
    owner: ownerOf(caller),
    documentId: params.doc_id,
    formats: [params.format_type],
    pages: body?.pages,
    signal: req.signal,
  });
  return {
    ...result.outputs[params.format_type]!,
    document_id: result.document_id,
    missing_pages: result.missing_pages,
    message: result.message,
  };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(convert);
