import type { UIMessage } from "ai";

// The chat as the browser keeps it: the AI SDK's UI messages, with this service's metadata and data parts.

export interface ChatBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChatCitation {
  citation_id: string;
  document_id: string;
  document_name: string;
  batch_id: string;
  page: number;
  word_ids: string[];
  box: ChatBox;
  quote: string;
  gone?: boolean;
}

export interface ChatFileLink {
  file_id: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  download_url: string;
}

/** What the server puts on an answer: its session, the engine that gave it, a provider's error. */
export interface ChatMetadata {
  session_id?: string;
  engine?: string;
  error?: string;
}

/** A chat message: text, tool parts (`tool-<name>`), chart images (`file`), `data-citation` and `data-file` parts. */
export type ChatMessage = UIMessage<ChatMetadata, { citation: ChatCitation; file: ChatFileLink }>;
