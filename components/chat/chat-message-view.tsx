"use client";

import { FOCUS_RING } from "@/components/ui/button-classes";
import { inlineRuns, markdownBlocks } from "@/components/ui/markdown-blocks";
import { Spinner } from "@/components/ui/spinner";
import { getToolName, isToolUIPart } from "ai";
import type { ChatCitation, ChatMessage } from "./chat-types";

type ChatPart = ChatMessage["parts"][number];
type ToolPart = Extract<ChatPart, { toolCallId: string }>;

const TOOL_LABELS: Record<string, [running: string, done: string]> = {
  search_knowledge_base: ["Searching the documents…", "Searched the documents"],
  fetch_documents: ["Reading the documents…", "Read the documents"],
  execute_python: ["Running Python…", "Ran Python"],
  generate_chart: ["Drawing a chart…", "Drew a chart"],
  generate_file: ["Writing a file…", "Wrote a file"],
};

function CitationButton({
  citation,
  onCitation,
  label,
}: {
  citation: ChatCitation;
  onCitation: (citation: ChatCitation) => void;
  label: string;
}) {
  if (citation.gone) {
    return (
      <span className="text-ink-muted line-through" title="The cited document was deleted">
        {label}
      </span>
    );
  }
  return (
    <button
      type="button"
      data-testid="citation"
      onClick={() => onCitation(citation)}
      title={`${citation.document_name}, page ${citation.page}: “${citation.quote}”`}
      className={`rounded px-0.5 font-medium text-brand-600 underline dark:text-brand-100 ${FOCUS_RING}`}
    >
      {label}
    </button>
  );
}

/** One line of an answer: citation markers as buttons, **bold** and `code` as such. */
function InlineText({
  text,
  citations,
  onCitation,
}: {
  text: string;
  citations: ChatCitation[];
  onCitation: (citation: ChatCitation) => void;
}) {
  const pieces = text.split(/(\[[^\]\n]{1,40}\])/g);
  return pieces.map((piece, index) => {
    const citation = citations.find((candidate) => piece === `[${candidate.citation_id}]`);
    if (citation) return <CitationButton key={index} citation={citation} onCitation={onCitation} label={piece} />;
    return inlineRuns(piece).map((run, runIndex) =>
      run.kind === "bold" ? (
        <strong key={`${index}.${runIndex}`}>{run.text}</strong>
      ) : run.kind === "code" ? (
        <code key={`${index}.${runIndex}`} className="rounded bg-surface-muted px-1 font-mono text-[0.9em]">
          {run.text}
        </code>
      ) : (
        <span key={`${index}.${runIndex}`}>{run.text}</span>
      ),
    );
  });
}

/** An answer's text as a person reads it: paragraphs, lists and headings, with clickable citations. */
function TextWithCitations({
  text,
  citations,
  onCitation,
}: {
  text: string;
  citations: ChatCitation[];
  onCitation: (citation: ChatCitation) => void;
}) {
  const inline = (line: string) => <InlineText text={line} citations={citations} onCitation={onCitation} />;
  return (
    <div className="flex flex-col gap-2" data-testid="answer-text">
      {markdownBlocks(text).map((block, index) => {
        if (block.kind === "heading")
          return (
            <p key={index} className="font-semibold">
              {inline(block.text)}
            </p>
          );
        if (block.kind === "paragraph")
          return (
            <p key={index} className="whitespace-pre-wrap">
              {inline(block.text)}
            </p>
          );
        const items = block.items.map((item, itemIndex) => (
          <li key={itemIndex} className="whitespace-pre-wrap">
            {inline(item)}
          </li>
        ));
        return block.ordered ? (
          <ol key={index} start={block.start} className="list-decimal pl-5">
            {items}
          </ol>
        ) : (
          <ul key={index} className="list-disc pl-5">
            {items}
          </ul>
        );
      })}
    </div>
  );
}

/** Running while its input comes and it works, done with its output, failed with an error (or refused). */
function toolState(part: ToolPart): "running" | "done" | "error" {
  if (part.state === "output-available") return "done";
  if (part.state === "output-error" || part.state === "output-denied") return "error";
  return "running";
}

function ToolActivity({ part }: { part: ToolPart }) {
  const toolName = getToolName(part);
  const state = toolState(part);
  const [running, done] = TOOL_LABELS[toolName] ?? [`Using ${toolName}…`, `Used ${toolName}`];
  return (
    <p
      className="flex items-center gap-2 text-xs text-ink-muted"
      data-testid="tool-activity"
      data-tool={toolName}
      data-state={state}
    >
      {state === "running" ? <Spinner /> : <span aria-hidden="true">{state === "error" ? "✗" : "✓"}</span>}
      {state === "running" ? running : done}
      {state === "error" && part.errorText ? (
        <span className="text-red-700 dark:text-red-300">— {part.errorText}</span>
      ) : null}
    </p>
  );
}

/** One chat message: tool activity, text with clickable citations, charts, file links, sources, errors. */
export function ChatMessageView({
  message,
  onCitation,
}: {
  message: ChatMessage;
  onCitation: (citation: ChatCitation) => void;
}) {
  const citations = message.parts.flatMap((part) => (part.type === "data-citation" ? [part.data] : []));
  if (message.role === "user") {
    const text = message.parts.map((part) => (part.type === "text" ? part.text : "")).join("");
    return (
      <div className="ml-8 self-end rounded-lg bg-brand-600 px-3 py-2 text-sm whitespace-pre-wrap text-white">
        {text}
      </div>
    );
  }
  return (
    <div
      className="mr-4 flex flex-col gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm"
      data-testid="assistant-message"
    >
      {message.parts.map((part, index) => {
        if (isToolUIPart(part)) return <ToolActivity key={index} part={part} />;
        switch (part.type) {
          case "text":
            return <TextWithCitations key={index} text={part.text} citations={citations} onCitation={onCitation} />;
          case "file":
            return part.mediaType.startsWith("image/") ? (
              // eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn by the server.
              <img key={index} src={part.url} alt="Chart" className="max-w-full rounded border border-line bg-white" />
            ) : null;
          case "data-file":
            return (
              <a
                key={index}
                href={part.data.download_url}
                download={part.data.file_name}
                className={`self-start rounded border border-line px-2 py-1 font-medium text-brand-600 underline ${FOCUS_RING}`}
              >
                Download {part.data.file_name}
              </a>
            );
          default:
            return null;
        }
      })}
      {message.metadata?.error ? (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {message.metadata.error}
        </p>
      ) : null}
      {citations.length > 0 ? (
        <div className="flex flex-col gap-1 border-t border-line pt-2 text-xs">
          <span className="font-semibold text-ink-muted">Sources</span>
          {citations.map((citation) => (
            <span key={citation.citation_id}>
              <CitationButton citation={citation} onCitation={onCitation} label={`[${citation.citation_id}]`} />{" "}
              {citation.document_name}, page {citation.page}: “{citation.quote.slice(0, 120)}”
              {citation.gone ? " (document deleted)" : ""}
            </span>
          ))}
        </div>
      ) : null}
      {message.metadata?.engine ? (
        <span className="text-xs text-ink-muted">
          Answered by:{" "}
          {message.metadata.engine === "offline"
            ? "the built-in engine (no AI provider)"
            : message.metadata.engine.replace(/^ai:/, "")}
        </span>
      ) : null}
    </div>
  );
}
