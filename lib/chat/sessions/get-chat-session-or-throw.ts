import { isUuid } from "@/lib/batches/get-batch-or-throw";
import type { Db } from "@/lib/db";
import type { ChatSession } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";

/** The caller's session; 404 when it does not exist or is someone else's. */
export async function getChatSessionOrThrow(options: {
  db: Db;
  userId: string;
  sessionId: string;
}): Promise<ChatSession> {
  const { db, userId, sessionId } = options;
  const session = isUuid(sessionId) ? await db.chatSession.findFirst({ where: { id: sessionId, userId } }) : null;
  if (!session) throw new AppError("not_found", `Chat session ${sessionId} not found`);
  return session;
}
