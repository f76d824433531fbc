import type { Db } from "@/lib/db";
import type { StoredMessage } from "../conversation";

/**
 * Adds messages to the end of a session's stored conversation in one statement, so turns running
 * at the same time on one session each keep theirs: no read of the array first, whose later
 * write-back would drop what another turn appended meanwhile.
 */
export async function appendChatMessages(options: {
  db: Db;
  sessionId: string;
  messages: StoredMessage[];
}): Promise<void> {
  if (options.messages.length === 0) return;
  await options.db.$executeRaw`
    UPDATE chat_sessions
    SET messages = messages || ${JSON.stringify(options.messages)}::jsonb, "updatedAt" = CURRENT_TIMESTAMP
    WHERE id = ${options.sessionId}::uuid`;
}
