import { tool } from "ai";
import { ChartSpec } from "../charts/chart-spec";
import { fetchDocuments, fetchDocumentsDescription, FetchDocumentsInput } from "./fetch-documents";
import { generateChart, generateChartDescription } from "./generate-chart";
import { searchKnowledgeBase, searchKnowledgeBaseDescription, SearchKnowledgeBaseInput } from "./search-knowledge-base";
import type { ChatToolContext } from "./tool-context";

/** The agent's tools over one request's context; each is a plain function too (see ./*.ts). */
export function buildChatTools(context: ChatToolContext) {
  return {
    search_knowledge_base: tool({
      description: searchKnowledgeBaseDescription,
      inputSchema: SearchKnowledgeBaseInput,
      execute: async (input) => searchKnowledgeBase(context, input),
    }),
    fetch_documents: tool({
      description: fetchDocumentsDescription,
      inputSchema: FetchDocumentsInput,
      execute: async (input) => fetchDocuments(context, input),
    }),
    generate_chart: tool({
      description: generateChartDescription,
      inputSchema: ChartSpec,
      execute: async (input) => generateChart(context, input),
    }),
  };
}
