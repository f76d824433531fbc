import { deleteChatSessionRoute, getChatSessionRoute } from "@/lib/chat/chat.contract";
import { deleteChatSession } from "@/lib/chat/sessions/delete-chat-session";
import { getChatSession } from "@/lib/chat/sessions/get-chat-session";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// GET /api/batch/document-chat/sessions/{session_id} – open a saved conversation
const open = route(getChatSessionRoute, async ({ caller, params }) =>
  getChatSession({ db: await getDb(), userId: caller.user.id, sessionId: params.session_id }),
);

// DELETE /api/batch/document-chat/sessions/{session_id} – delete a saved conversation
const remove = route(deleteChatSessionRoute, async ({ caller, params }) =>
  deleteChatSession({ db: await getDb(), userId: caller.user.id, sessionId: params.session_id }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(open, remove);
