import type { UIMessageChunk } from "ai";
import type { KnowledgeIndex } from "../knowledge/knowledge-index";

/** What the chat tools work with during one request. */
export interface ChatToolContext {
  userId: string;
  /** The session the answer belongs to; charts and files are stored under it. */
  sessionId: string;
  index: KnowledgeIndex;
  /** Aborts when the client disconnects: long tools (Python) stop. */
  signal?: AbortSignal;
  /** Writes an extra part into the answer's stream (a chart image, a download link). */
  emit?: (chunk: UIMessageChunk) => void;
}

/** A tool refused its input or failed in a way the model (or person) can act on. */
export class ChatToolError extends Error {}
