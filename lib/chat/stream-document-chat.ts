import { randomUUID } from "node:crypto";
import { createUIMessageStream, type UIMessageChunk } from "ai";
import { configuredEmbeddingModel, type ConfiguredEmbeddingModel } from "@/lib/ai/embedding-model";
import { configuredLanguageModel, type ConfiguredModel } from "@/lib/ai/language-model";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { saveLibraryFile } from "@/lib/library";
import { getBlobStore, type BlobStore } from "@/lib/storage";
import { assertTokensAvailable } from "@/lib/usage/assert-tokens-available";
import { chatChargeKey } from "@/lib/usage/charge-keys";
import { chargeUsage } from "@/lib/usage/charge-usage";
import { runAgent } from "./agent/run-agent";
import { conversationOf, toModelMessages, type AnswerMetadata, type StoredMessage } from "./conversation";
import { EmbeddingSearch } from "./knowledge/embedding-search";
import { KnowledgeIndex } from "./knowledge/knowledge-index";
import { answerOffline, offlineEngineLabel } from "./offline/answer-offline";
import { getPythonSandbox, type PythonSandbox } from "./python/python-sandbox";
import { loadChatScope } from "./scope/load-chat-scope";
import { messageText, type DocumentChatRequest } from "./schemas";
import { appendChatMessages } from "./sessions/append-chat-messages";
import { getChatSessionOrThrow } from "./sessions/get-chat-session-or-throw";

export interface StreamDocumentChatOptions {
  db: Db;
  userId: string;
  request: DocumentChatRequest;
  /** The model; undefined = the configured provider, null = the offline engine. */
  ai?: ConfiguredModel | null;
  /** Embeddings for search beside a model; undefined = the provider's, null = BM25 alone. */
  embedding?: ConfiguredEmbeddingModel | null;
  /** Retries of a failed provider call (the AI SDK's default: 2). */
  maxRetries?: number;
  /** Where the agent's Python runs (default: the process's sandbox, started on first use). */
  python?: PythonSandbox;
  store?: BlobStore;
}

/** Tokens a provider answer is expected to need at least: the conversation's text plus room to answer. */
const estimateTokens = (conversation: StoredMessage[]) =>
  Math.ceil(conversation.reduce((sum, message) => sum + messageText(message).length, 0) / 4) + 1000;

/**
 * POST /api/batch/document-chat: checks everything that can be refused (session, scope, token
 * balance) before the stream starts, saves the session, then answers as an AI SDK UI message stream
 * (`createUIMessageStream`; the route serves it as SSE): start (session_id and engine), tool calls with
 * input and output, text deltas, chart images, data-citation parts, and finish with the engine. The
 * answer is appended to the session whatever happens, a provider error included; cancelling the
 * stream (the client disconnected) aborts the agent and its tools.
 */
export async function streamDocumentChat(options: StreamDocumentChatOptions): Promise<ReadableStream<UIMessageChunk>> {
  const { db, userId, request } = options;
  const saved =
    request.session_id !== undefined
      ? await getChatSessionOrThrow({ db, userId, sessionId: request.session_id })
      : null;
  const conversation = conversationOf(request, saved && Array.isArray(saved.messages) ? saved.messages : null);
  const documents = await loadChatScope({
    db,
    userId,
    scope: { batchId: request.batch_id, documentIds: request.document_ids },
  });
  const ai = options.ai === undefined ? configuredLanguageModel() : options.ai;
  if (ai) await assertTokensAvailable({ db, userId, tokensNeeded: estimateTokens(conversation) });
  const single = documents.length === 1 ? documents[0] : null;
  const session =
    saved ??
    (await db.chatSession.create({
      data: {
        userId,
        batchId: request.batch_id ?? single?.batchId ?? null,
        documentId: single?.id ?? null,
        documentName: single?.name ?? null,
        title: request.title ?? messageText(conversation.at(-1)!).trim().slice(0, 80),
        messages: conversation as unknown as Prisma.InputJsonArray,
      },
    }));
  // A stored session gets this turn's question appended (atomically: parallel turns each keep theirs),
  // or, when the client sent the whole conversation, that conversation as it is.
  if (saved && request.messages)
    await db.chatSession.update({
      where: { id: saved.id },
      data: { messages: conversation as unknown as Prisma.InputJsonArray },
    });
  else if (saved) await appendChatMessages({ db, sessionId: saved.id, messages: [conversation.at(-1)!] });
  const metadata: AnswerMetadata = { engine: ai ? `ai:${ai.label}` : offlineEngineLabel, session_id: session.id };
  const messageId = randomUUID();

  const stop = new AbortController();
  const signal = stop.signal;

  return createUIMessageStream({
    execute: async ({ writer }) => {
      const emit = (chunk: UIMessageChunk) => writer.write(chunk);
      // Copies: a chunk may be read after the metadata gains an error.
      emit({ type: "start", messageId, messageMetadata: { ...metadata } });
      const store = options.store ?? getBlobStore();
      const index = new KnowledgeIndex(documents);
      const embedding = ai ? (options.embedding === undefined ? configuredEmbeddingModel() : options.embedding) : null;
      const embeddings = embedding
        ? new EmbeddingSearch(index, embedding, { signal, maxRetries: options.maxRetries })
        : undefined;
      const context = {
        userId,
        sessionId: session.id,
        index,
        embeddings,
        signal,
        // Only the model writes code; the offline engine never runs Python.
        python: ai ? (options.python ?? getPythonSandbox()) : undefined,
        saveFile: (file: { fileName: string; contentType: string; bytes: Buffer }) =>
          saveLibraryFile({ db, store, userId, ...file, source: "chat", metadata: { chat_session_id: session.id } }),
      };
      try {
        if (ai) {
          const answer = await runAgent({
            ai,
            messages: toModelMessages(conversation),
            context,
            emit,
            maxRetries: options.maxRetries,
          });
          if (answer.error) metadata.error = answer.error;
          const tokens = answer.tokens + (embeddings?.tokens ?? 0);
          if (tokens > 0) {
            await chargeUsage(db, {
              userId,
              source: "app",
              operation: "chat",
              model: ai.label,
              pages: 0,
              tokens,
              chargeKey: chatChargeKey(session.id, messageId),
            });
          }
        } else {
          await answerOffline({ question: messageText(conversation.at(-1)!), context, emit });
        }
      } catch (error) {
        if (signal.aborted) return;
        metadata.error = error instanceof Error ? error.message : String(error);
        emit({ type: "error", errorText: metadata.error });
      }
      emit({ type: "finish", finishReason: metadata.error ? "error" : "stop", messageMetadata: { ...metadata } });
    },
    // Called when the stream ends or is cancelled, with the answer as streamed so far.
    onEnd: async ({ responseMessage, isCancelled }) => {
      if (isCancelled) stop.abort();
      // Its metadata is the AnswerMetadata the start and finish chunks carry.
      await appendChatMessages({ db, sessionId: session.id, messages: [responseMessage as StoredMessage] });
    },
  });
}
