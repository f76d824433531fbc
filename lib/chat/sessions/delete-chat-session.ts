import type { Db } from "@/lib/db";
import { getChatSessionOrThrow } from "./get-chat-session-or-throw";

export async function deleteChatSession(options: { db: Db; userId: string; sessionId: string }) {
  const { db } = options;
  await getChatSessionOrThrow(options);
  await db.chatSession.delete({ where: { id: options.sessionId } });
  return { session_id: options.sessionId, deleted: true as const };
}
