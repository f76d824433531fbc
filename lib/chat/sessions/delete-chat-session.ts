import type { Db } from "@/lib/db";
import { getChatSessionOrThrow } from "./get-chat-session-or-throw";

export async function deleteChatSession(db: Db, options: { userId: string; sessionId: string }) {
  await getChatSessionOrThrow(db, options.userId, options.sessionId);
  await db.chatSession.delete({ where: { id: options.sessionId } });
  return { session_id: options.sessionId, deleted: true as const };
}
