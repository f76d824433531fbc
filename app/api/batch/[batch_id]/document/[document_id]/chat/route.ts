import { answerMappingChat } from "@/lib/chat/automap/answer-mapping-chat";
import { mappingChatRoute } from "@/lib/chat/chat.contract";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// POST /api/batch/{batch_id}/document/{document_id}/chat – the document's values for a question or field, ranked
const mappingChat = route(mappingChatRoute, async ({ caller, params, body }) =>
  answerMappingChat({
    db: await getDb(),
    userId: caller.user.id,
    batchId: params.batch_id,
    documentId: params.document_id,
    question: body.question,
    field: body.field,
    limit: body.limit,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(mappingChat);
