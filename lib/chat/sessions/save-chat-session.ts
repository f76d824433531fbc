import { getBatchDocumentOrThrow, getBatchOrThrow, getOwnedDocumentOrThrow } from "@/lib/batches/get-batch-or-throw";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { getChatSessionOrThrow } from "./get-chat-session-or-throw";
import type { DocumentChatSessionSave } from "./session-schemas";
import { toSessionSummary } from "./to-session-response";

/**
 * Saves a conversation (POST /api/batch/document-chat/sessions): a new session, or the caller's
 * session_id replaced. The batch and document it names must be the caller's (404 otherwise).
 */
export async function saveChatSession(options: { db: Db; userId: string; save: DocumentChatSessionSave }) {
  const { db, userId, save } = options;
  const owner = { userId };
  let documentName = save.document_name ?? null;
  if (save.batch_id !== undefined && save.document_id !== undefined)
    documentName ??= (
      await getBatchDocumentOrThrow({ db, owner, batchId: save.batch_id, documentId: save.document_id })
    ).fileName;
  else if (save.document_id !== undefined)
    documentName ??= (await getOwnedDocumentOrThrow({ db, owner, documentId: save.document_id })).fileName;
  else if (save.batch_id !== undefined) await getBatchOrThrow({ db, owner, batchId: save.batch_id });
  const data = {
    title: save.title ?? firstQuestion(save.messages),
    batchId: save.batch_id ?? null,
    documentId: save.document_id ?? null,
    documentName,
    messages: save.messages as unknown as Prisma.InputJsonArray,
  };
  if (save.session_id !== undefined) {
    await getChatSessionOrThrow({ db, userId, sessionId: save.session_id });
    return toSessionSummary(await db.chatSession.update({ where: { id: save.session_id }, data }));
  }
  return toSessionSummary(await db.chatSession.create({ data: { userId, ...data } }));
}

function firstQuestion(messages: DocumentChatSessionSave["messages"]): string | null {
  const first = messages.find((message) => message.role === "user");
  if (!first) return null;
  const text =
    typeof first.content === "string"
      ? first.content
      : (first.parts ?? []).map((part) => (part as { text?: string }).text ?? "").join(" ");
  return text.trim().slice(0, 80) || null;
}
