import { listChatSessionsRoute, saveChatSessionRoute } from "@/lib/chat/chat.contract";
import { listChatSessions } from "@/lib/chat/sessions/list-chat-sessions";
import { saveChatSession } from "@/lib/chat/sessions/save-chat-session";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// POST /api/batch/document-chat/sessions – save a conversation
const save = route(saveChatSessionRoute, async ({ caller, body }) =>
  saveChatSession({ db: await getDb(), userId: caller.user.id, save: body }),
);

// GET /api/batch/document-chat/sessions – list saved conversations
const list = route(listChatSessionsRoute, async ({ caller, query }) =>
  listChatSessions({
    db: await getDb(),
    userId: caller.user.id,
    batchId: query.batch_id,
    documentId: query.document_id,
    documentName: query.document_name,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(save, list);
