import type { ChatSession } from "@/lib/db/generated/client";

export function toSessionSummary(session: ChatSession) {
  return {
    session_id: session.id,
    title: session.title,
    batch_id: session.batchId,
    document_id: session.documentId,
    document_name: session.documentName,
    message_count: Array.isArray(session.messages) ? session.messages.length : 0,
    created_at: session.createdAt.toISOString(),
    updated_at: session.updatedAt.toISOString(),
  };
}
