import { tool } from "ai";
import { ChartSpec } from "../charts/chart-spec";
import { executePython, executePythonDescription, ExecutePythonInput } from "./execute-python";
import { fetchDocuments, fetchDocumentsDescription, FetchDocumentsInput } from "./fetch-documents";
import { generateChart, generateChartDescription } from "./generate-chart";
import { generateFile, generateFileDescription, GenerateFileInput } from "./generate-file";
import { searchKnowledgeBase, searchKnowledgeBaseDescription, SearchKnowledgeBaseInput } from "./search-knowledge-base";
import type { ChatToolContext } from "./tool-context";

/**
 * The agent's tools over one request's context; each is a plain function too (see ./*.ts).
 * execute_python and generate_file are offered only when the context can run and save them.
 */
export function buildChatTools(context: ChatToolContext) {
  const python = tool({
    description: executePythonDescription,
    inputSchema: ExecutePythonInput,
    execute: async (input) => executePython(context, input),
  });
  const file = tool({
    description: generateFileDescription,
    inputSchema: GenerateFileInput,
    execute: async (input) => generateFile(context, input),
  });
  return {
    ...(context.python ? { execute_python: python } : {}),
    ...(context.saveFile ? { generate_file: file } : {}),
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
