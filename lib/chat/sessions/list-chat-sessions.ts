import type { Db } from "@/lib/db";
import { isUuid } from "@/lib/batches/get-batch-or-throw";
import { toSessionSummary } from "./to-session-response";

/** The caller's sessions, newest first, filtered by batch, document or (part of) the document's name. */
export async function listChatSessions(options: {
  db: Db;
  userId: string;
  batchId?: string;
  documentId?: string;
  documentName?: string;
}) {
  const { db } = options;
  // A filter id that is not a UUID names no session (and must not reach a uuid column).
  if (
    (options.batchId !== undefined && !isUuid(options.batchId)) ||
    (options.documentId !== undefined && !isUuid(options.documentId))
  )
    return { sessions: [] };
  const sessions = await db.chatSession.findMany({
    where: {
      userId: options.userId,
      ...(options.batchId !== undefined ? { batchId: options.batchId } : {}),
      ...(options.documentId !== undefined ? { documentId: options.documentId } : {}),
      ...(options.documentName
        ? { documentName: { contains: options.documentName, mode: "insensitive" as const } }
        : {}),
    },
    orderBy: { updatedAt: "desc" },
    take: 500,
  });
  return { sessions: sessions.map(toSessionSummary) };
}
