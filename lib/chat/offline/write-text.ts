import type { UIMessageChunk } from "ai";

/** Streams a text part in small deltas, as a model would, so clients render both engines alike. */
export function writeText(emit: (chunk: UIMessageChunk) => void, id: string, text: string): void {
  emit({ type: "text-start", id });
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) emit({ type: "text-delta", id, delta: piece });
  emit({ type: "text-end", id });
}

/** One tool call as the stream shows it: its input, then its output or its error. */
export async function callTool<T>({
  emit,
  toolCallId,
  toolName,
  input,
  run,
}: {
  emit: (chunk: UIMessageChunk) => void;
  toolCallId: string;
  toolName: string;
  input: unknown;
  run: () => Promise<T> | T;
}): Promise<T | undefined> {
  emit({ type: "tool-input-available", toolCallId, toolName, input });
  try {
    const output = await run();
    emit({ type: "tool-output-available", toolCallId, output });
    return output;
  } catch (error) {
    emit({ type: "tool-output-error", toolCallId, errorText: error instanceof Error ? error.message : String(error) });
    return undefined;
  }
}
