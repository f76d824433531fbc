// The chat as the browser keeps it: messages built from the server's UI message stream chunks.

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

export type ChatPart =
  | { type: "text"; text: string }
  | {
      type: "tool";
      toolCallId: string;
      toolName: string;
      input?: unknown;
      output?: unknown;
      error?: string;
      state: "running" | "done" | "error";
    }
  | { type: "image"; url: string; mediaType: string }
  | { type: "citation"; citation: ChatCitation }
  | { type: "file"; file: ChatFileLink }
  | { type: "error"; text: string };

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  parts: ChatPart[];
  engine?: string;
}

/** A stream chunk as the server sends it (the AI SDK's UI message chunk). */
export type StreamChunk = { type: string } & Record<string, unknown>;
