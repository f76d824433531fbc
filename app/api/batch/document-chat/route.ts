import { documentChatRoute } from "@/lib/chat/chat.contract";
import { streamDocumentChat } from "@/lib/chat/stream-document-chat";
import { getDb } from "@/lib/db";
import { createUIMessageEventStream, route, serveRoutes } from "@/lib/http";

// POST /api/batch/document-chat – ask questions of documents; answers stream as SSE
const chat = route(documentChatRoute, async ({ req, caller, body }) =>
  createUIMessageEventStream(
    req,
    await streamDocumentChat({ db: await getDb(), userId: caller.user.id, request: body }),
  ),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(chat);
