import type { UIMessageChunk } from "ai";
import type { LibraryFileResponseBody } from "@/lib/library";
import type { GeneratedFile } from "../files/write-generated-file";
import type { EmbeddingSearch } from "../knowledge/embedding-search";
import type { KnowledgeIndex } from "../knowledge/knowledge-index";
import type { PythonSandbox } from "../python/python-sandbox";

/** What the chat tools work with during one request. */
export interface ChatToolContext {
  userId: string;
  /** The session the answer belongs to; charts and files are stored under it. */
  sessionId: string;
  index: KnowledgeIndex;
  /** Ranking by meaning beside BM25, when the provider has an embedding model. */
  embeddings?: EmbeddingSearch;
  /** Aborts when the client disconnects: long tools (Python) stop. */
  signal?: AbortSignal;
  /** Writes an extra part into the answer's stream (a chart image, a download link). */
  emit?: (chunk: UIMessageChunk) => void;
  /** Where execute_python runs; without it the tool is not offered. */
  python?: PythonSandbox;
  /** Keeps a generated file in the user's library; without it generate_file is not offered. */
  saveFile?: (file: GeneratedFile) => Promise<LibraryFileResponseBody>;
}

/** A tool refused its input or failed in a way the model (or person) can act on. */
export class ChatToolError extends Error {}
