import type { Db } from "@/lib/db";
import { getChatSessionOrThrow } from "./get-chat-session-or-throw";
import { toSessionSummary } from "./to-session-response";

type StoredPart = { type: string; data?: { document_id?: string; gone?: boolean } };
type StoredMessage = { parts?: StoredPart[] } & Record<string, unknown>;

/**
 * A saved session with its messages. Citations (data-citation parts) of documents deleted since are
 * marked gone: the session still opens, and the UI shows those citations without a link.
 */
export async function getChatSession(options: { db: Db; userId: string; sessionId: string }) {
  const { db } = options;
  const session = await getChatSessionOrThrow(options);
  const messages = (Array.isArray(session.messages) ? session.messages : []) as StoredMessage[];
  const cited = new Set(
    messages.flatMap((message) =>
      (message.parts ?? []).flatMap((part) =>
        part.type === "data-citation" && part.data?.document_id ? [part.data.document_id] : [],
      ),
    ),
  );
  const existing = new Set(
    (
      await db.batchDocument.findMany({
        where: { id: { in: [...cited] }, batch: { userId: options.userId } },
        select: { id: true },
      })
    ).map((document) => document.id),
  );
  const marked = messages.map((message) => ({
    ...message,
    parts: message.parts?.map((part) =>
      part.type === "data-citation" && part.data?.document_id
        ? { ...part, data: { ...part.data, gone: !existing.has(part.data.document_id) } }
        : part,
    ),
  }));
  return { ...toSessionSummary(session), messages: marked };
}
