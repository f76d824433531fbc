import { stepCountIs, streamText, type ModelMessage, type UIMessageChunk } from "ai";
import type { ConfiguredModel } from "@/lib/ai/language-model";
import type { Citation } from "../knowledge/citations";
import { buildChatTools } from "../tools/chat-tools";
import type { ChatToolContext } from "../tools/tool-context";
import { groundRefs } from "./ground-refs";

export const maxAgentSteps = 8;

export interface AgentAnswer {
  text: string;
  citations: Citation[];
  tokens: number;
  /** Set when the provider failed; the stream carried an error event. */
  error?: string;
}

function systemPrompt(context: ChatToolContext): string {
  const documents = context.index.documents.map(
    (document, index) => `D${index + 1} = ${document.name} (id ${document.id}, ${document.pages.length} pages)`,
  );
  return [
    "You answer questions about the user's documents. Use search_knowledge_base to find passages and fetch_documents to read pages, key-values and tables.",
    "Every statement taken from a document must cite its passage with the ref the tools give, in brackets, e.g. [D1:p2w10-14]; never invent refs or values.",
    "Use generate_chart to draw charts and execute_python (when offered) for calculations. Say so when the documents do not contain the answer.",
    `Documents in scope:\n${documents.join("\n")}`,
  ].join("\n");
}

const describeError = (error: unknown) =>
  `The AI provider failed: ${error instanceof Error ? error.message : String(error)}`;

/**
 * The model's answer through the AI SDK's agent loop (streamText with the chat tools, at most
 * maxAgentSteps steps), its UI message chunks passed to `emit` as they come; afterwards the refs the
 * text cites are grounded on the pages' words and emitted as data-citation parts.
 */
export async function runAgent(options: {
  ai: ConfiguredModel;
  messages: ModelMessage[];
  context: ChatToolContext;
  emit: (chunk: UIMessageChunk) => void;
  /** Retries of a failed provider call (the AI SDK's default: 2). */
  maxRetries?: number;
}): Promise<AgentAnswer> {
  const { ai, context, emit } = options;
  const toolContext = { ...context, emit };
  const result = streamText({
    model: ai.model,
    system: systemPrompt(context),
    messages: options.messages,
    tools: buildChatTools(toolContext),
    stopWhen: stepCountIs(maxAgentSteps),
    abortSignal: context.signal,
    maxRetries: options.maxRetries,
  });
  let text = "";
  let error: string | undefined;
  for await (const chunk of result.toUIMessageStream({
    sendStart: false,
    sendFinish: false,
    onError: describeError,
    redactToolErrors: false,
  })) {
    if (chunk.type === "text-delta") text += chunk.delta;
    if (chunk.type === "error") error = chunk.errorText;
    emit(chunk);
  }
  let tokens = 0;
  if (!error) {
    const usage = await result.totalUsage;
    tokens = usage.totalTokens ?? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
  }
  const citations = groundRefs(text, context.index.documents);
  for (const citation of citations) emit({ type: "data-citation", id: citation.citation_id, data: citation });
  return { text, citations, tokens, error };
}
