import type { ChatCitation, ChatFileLink, ChatMessage, ChatPart, StreamChunk } from "./chat-types";

/**
 * The assistant message after one more stream chunk: text deltas appended, tool calls tracked by id
 * from input to output, chart images, citations, file links and errors added as parts.
 */
export function applyChunk(message: ChatMessage, chunk: StreamChunk): ChatMessage {
  const parts = [...message.parts];
  const metadata = chunk.messageMetadata as { engine?: string } | undefined;
  const engine = metadata?.engine ?? message.engine;
  switch (chunk.type) {
    case "text-start":
      parts.push({ type: "text", text: "" });
      break;
    case "text-delta": {
      const last = parts.at(-1);
      if (last?.type === "text") parts[parts.length - 1] = { ...last, text: last.text + String(chunk.delta ?? "") };
      else parts.push({ type: "text", text: String(chunk.delta ?? "") });
      break;
    }
    case "tool-input-available":
      parts.push({
        type: "tool",
        toolCallId: String(chunk.toolCallId),
        toolName: String(chunk.toolName),
        input: chunk.input,
        state: "running",
      });
      break;
    case "tool-output-available":
    case "tool-output-error": {
      const index = parts.findIndex((part) => part.type === "tool" && part.toolCallId === chunk.toolCallId);
      if (index >= 0) {
        const tool = parts[index] as Extract<ChatPart, { type: "tool" }>;
        parts[index] =
          chunk.type === "tool-output-available"
            ? { ...tool, output: chunk.output, state: "done" }
            : { ...tool, error: String(chunk.errorText), state: "error" };
      }
      break;
    }
    case "file":
      if (String(chunk.mediaType).startsWith("image/"))
        parts.push({ type: "image", url: String(chunk.url), mediaType: String(chunk.mediaType) });
      break;
    case "data-citation":
      parts.push({ type: "citation", citation: chunk.data as ChatCitation });
      break;
    case "data-file":
      parts.push({ type: "file", file: chunk.data as ChatFileLink });
      break;
    case "error":
      parts.push({ type: "error", text: String(chunk.errorText) });
      break;
  }
  return { ...message, parts, engine };
}

type StoredPart = {
  type: string;
  text?: string;
  data?: unknown;
  url?: string;
  mediaType?: string;
  toolCallId?: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
  state?: string;
};

/** A saved session's UI message (AI SDK parts) in the browser's shape. */
export function fromStoredMessage(stored: {
  id: string;
  role: string;
  parts?: StoredPart[];
  metadata?: { engine?: string; error?: string };
}): ChatMessage {
  const parts = (stored.parts ?? []).flatMap((part): ChatPart[] => {
    if (part.type === "text") return [{ type: "text", text: part.text ?? "" }];
    if (part.type === "file" && part.url && part.mediaType?.startsWith("image/"))
      return [{ type: "image", url: part.url, mediaType: part.mediaType }];
    if (part.type === "data-citation") return [{ type: "citation", citation: part.data as ChatCitation }];
    if (part.type === "data-file") return [{ type: "file", file: part.data as ChatFileLink }];
    if (part.type.startsWith("tool-")) {
      const failed = part.state === "output-error";
      return [
        {
          type: "tool",
          toolCallId: part.toolCallId ?? "",
          toolName: part.type.slice(5),
          input: part.input,
          output: part.output,
          error: part.errorText,
          state: failed ? "error" : "done",
        },
      ];
    }
    return [];
  });
  if (stored.metadata?.error && !parts.some((part) => part.type === "error"))
    parts.push({ type: "error", text: stored.metadata.error });
  return { id: stored.id, role: stored.role === "user" ? "user" : "assistant", parts, engine: stored.metadata?.engine };
}
