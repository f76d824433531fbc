import type { UIMessageChunk } from "ai";
import { citeWords, wordIdsInBox, type Citation } from "../knowledge/citations";
import type { SearchHit } from "../knowledge/knowledge-index";
import type { ChatDocument } from "../scope/chat-document";
import { generateChart } from "../tools/generate-chart";
import { searchKnowledgeBase } from "../tools/search-knowledge-base";
import type { ChatToolContext } from "../tools/tool-context";
import { chartFromTables, looksLikeChartRequest } from "./chart-request";
import { looksLikeKeyQuestion, matchKeyQuestion, matchSchemaField, type PairMatch } from "./key-question";
import { callTool, writeText } from "./write-text";

export const offlineEngineLabel = "offline";

/** Everything the offline engine said: the answer's text and the citations its [n] markers name. */
export interface OfflineAnswer {
  text: string;
  citations: Citation[];
}

class CitationList {
  readonly items: Citation[] = [];
  /** Cites the words and answers the marker to put in the text ("[2]"), or "" when nothing resolves. */
  add(document: ChatDocument, ids: string[]): string {
    const citation = citeWords(document, ids, String(this.items.length + 1));
    if (!citation) return "";
    const same = this.items.find(
      (item) => item.document_id === citation.document_id && item.word_ids.join() === citation.word_ids.join(),
    );
    if (same) return `[${same.citation_id}]`;
    this.items.push(citation);
    return `[${citation.citation_id}]`;
  }
}

function pairWordIds(document: ChatDocument, match: PairMatch): string[] {
  const page = document.pages.find((candidate) => candidate.pageNumber === match.pair.page);
  if (!page) return [];
  const keyIds = match.pair.keyBox ? wordIdsInBox(page, match.pair.keyBox) : [];
  const valueIds = match.pair.valueBox ? wordIdsInBox(page, match.pair.valueBox) : [];
  return valueIds.length > 0 ? [...keyIds, ...valueIds] : [];
}

function keyAnswer(question: string, documents: ChatDocument[], citations: CitationList): string | null {
  if (!looksLikeKeyQuestion(question)) return null;
  const matches = matchKeyQuestion(question, documents);
  const lines: string[] = [];
  const seen = new Set<number>();
  for (const match of matches) {
    if (seen.has(match.documentIndex) || lines.length >= 5) continue;
    const document = documents[match.documentIndex];
    const marker = citations.add(document, pairWordIds(document, match));
    if (!marker) continue;
    seen.add(match.documentIndex);
    lines.push(`**${match.pair.key}**: ${match.pair.value} (${document.name}, page ${match.pair.page}) ${marker}`);
  }
  if (lines.length === 0) {
    for (const { documentIndex, detail } of matchSchemaField(question, documents).slice(0, 5)) {
      const document = documents[documentIndex];
      const page = document.pages.find((candidate) => candidate.pageNumber === detail.page)!;
      const marker = citations.add(document, wordIdsInBox(page, detail.box!));
      if (marker)
        lines.push(`**${detail.name}**: ${detail.words.join(" ")} (${document.name}, page ${detail.page}) ${marker}`);
    }
  }
  if (lines.length === 0) return null;
  return lines.length === 1
    ? `${lines[0]}`
    : `Found in ${lines.length} documents:\n\n${lines.map((line) => `- ${line}`).join("\n")}`;
}

function extractiveAnswer(hits: SearchHit[], documents: ChatDocument[], citations: CitationList): string {
  const lines = hits
    .filter((hit) => hit.kind === "line")
    .slice(0, 3)
    .flatMap((hit) => {
      const document = documents.find((candidate) => candidate.id === hit.document_id)!;
      const marker = citations.add(document, hit.word_ids);
      return marker ? [`- "${hit.text}" (${hit.document_name}, page ${hit.page}) ${marker}`] : [];
    });
  if (lines.length === 0)
    return "I found nothing about that in the documents of this chat. Try other words, or name the document.";
  return `The best-matching passages:\n\n${lines.join("\n")}`;
}

async function chartAnswer(
  question: string,
  context: ChatToolContext,
  emit: (chunk: UIMessageChunk) => void,
  citations: CitationList,
): Promise<string | null> {
  const documents = context.index.documents;
  const chart = chartFromTables(question, documents);
  if (!chart) return null;
  const output = await callTool({
    emit,
    toolCallId: "offline-chart",
    toolName: "generate_chart",
    input: chart.spec,
    run: () => generateChart(context, chart.spec),
  });
  if (!output) return "I found a table to chart, but drawing it failed (see the tool's error).";
  const document = documents[chart.documentIndex];
  const page = document.pages.find((candidate) => candidate.pageNumber === chart.table.page);
  const marker = page && chart.table.box ? citations.add(document, wordIdsInBox(page, chart.table.box)) : "";
  return (
    `Here is a ${chart.spec.type} chart of ${chart.spec.series[0].name} over ${chart.spec.x.length} rows of the table on page ${chart.table.page} of ${document.name} ${marker}`.trim() +
    "."
  );
}

/**
 * The embedded engine's answer, streamed in the same protocol as the model's: it always searches
 * (a visible search_knowledge_base call), then answers a chart request over a table with
 * generate_chart, a question about one value from the stored key-values, and anything else with the
 * best-matching lines — each statement with a citation grounded on the page's words.
 */
export async function answerOffline(options: {
  question: string;
  context: ChatToolContext;
  emit: (chunk: UIMessageChunk) => void;
}): Promise<OfflineAnswer> {
  const { question, emit } = options;
  const context = { ...options.context, emit: options.context.emit ?? emit };
  const documents = context.index.documents;
  const citations = new CitationList();
  const search = await callTool({
    emit,
    toolCallId: "offline-search",
    toolName: "search_knowledge_base",
    input: { query: question, limit: 8 },
    run: () => searchKnowledgeBase(context, { query: question, limit: 8 }),
  });
  context.signal?.throwIfAborted();
  const text =
    (looksLikeChartRequest(question) ? await chartAnswer(question, context, emit, citations) : null) ??
    keyAnswer(question, documents, citations) ??
    extractiveAnswer(search?.results ?? [], documents, citations);
  writeText(emit, "offline-answer", text);
  for (const citation of citations.items) emit({ type: "data-citation", id: citation.citation_id, data: citation });
  return { text, citations: citations.items };
}
