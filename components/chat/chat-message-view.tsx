"use client";

import { FOCUS_RING } from "@/components/ui/button-classes";
import { inlineRuns, markdownBlocks } from "@/components/ui/markdown-blocks";
import { Spinner } from "@/components/ui/spinner";
import type { ChatCitation, ChatMessage, ChatPart } from "./chat-types";

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

function ToolActivity({ part }: { part: Extract<ChatPart, { type: "tool" }> }) {
  const [running, done] = TOOL_LABELS[part.toolName] ?? [`Using ${part.toolName}…`, `Used ${part.toolName}`];
  return (
    <p
      className="flex items-center gap-2 text-xs text-ink-muted"
      data-testid="tool-activity"
      data-tool={part.toolName}
      data-state={part.state}
    >
      {part.state === "running" ? <Spinner /> : <span aria-hidden="true">{part.state === "error" ? "✗" : "✓"}</span>}
      {part.state === "running" ? running : done}
      {part.state === "error" ? <span className="text-red-700 dark:text-red-300">— {part.error}</span> : null}
    </p>
  );
}

/** One chat message: tool activity, text with clickable citations, charts, file links, sources, errors. */
export function ChatMessageView({
  message,
  onCitation,
  streaming,
}: {
  message: ChatMessage;
  onCitation: (citation: ChatCitation) => void;
  streaming: boolean;
}) {
  const citations = message.parts.flatMap((part) => (part.type === "citation" ? [part.citation] : []));
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
        switch (part.type) {
          case "tool":
            return <ToolActivity key={index} part={part} />;
          case "text":
            return <TextWithCitations key={index} text={part.text} citations={citations} onCitation={onCitation} />;
          case "image":
            return (
              // eslint-disable-next-line @next/next/no-img-element -- a data: URL drawn by the server.
              <img key={index} src={part.url} alt="Chart" className="max-w-full rounded border border-line bg-white" />
            );
          case "file":
            return (
              <a
                key={index}
                href={part.file.download_url}
                download={part.file.file_name}
                className={`self-start rounded border border-line px-2 py-1 font-medium text-brand-600 underline ${FOCUS_RING}`}
              >
                Download {part.file.file_name}
              </a>
            );
          case "error":
            return (
              <p key={index} role="alert" className="text-red-700 dark:text-red-300">
                {part.text}
              </p>
            );
          default:
            return null;
        }
      })}
      {streaming && message.parts.length === 0 ? <Spinner label="Thinking…" /> : null}
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
      {message.engine ? (
        <span className="text-xs text-ink-muted">
          Answered by:{" "}
          {message.engine === "offline" ? "the built-in engine (no AI provider)" : message.engine.replace(/^ai:/, "")}
        </span>
      ) : null}
    </div>
  );
}
