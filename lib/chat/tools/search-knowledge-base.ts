import { z } from "zod";
import type { SearchHit } from "../knowledge/knowledge-index";
import type { ChatToolContext } from "./tool-context";

export const SearchKnowledgeBaseInput = z.object({
  query: z.string().min(1).max(2000).describe("Words to look for, e.g. 'total due' or 'payment terms'."),
  document_ids: z
    .array(z.string())
    .max(100)
    .optional()
    .describe("Only these documents (default: every document in the chat's scope)."),
  limit: z.number().int().min(1).max(30).default(8).describe("Most passages returned."),
});
export type SearchKnowledgeBaseInput = z.input<typeof SearchKnowledgeBaseInput>;

export const searchKnowledgeBaseDescription =
  "Search the user's documents in scope (BM25 over page lines and blocks, ranked by meaning too when embeddings are configured). " +
  "Answers ranked passages with document, page, box and a ref like D1:p2w10-14 to cite in your answer as [D1:p2w10-14].";

/**
 * Ranked passages (lines and blocks) of the documents in scope: BM25 fused with embeddings when the
 * context has them (a configured provider), BM25 alone otherwise or when the provider fails.
 */
export async function searchKnowledgeBase(
  context: ChatToolContext,
  input: SearchKnowledgeBaseInput,
): Promise<{ engine: string; results: SearchHit[]; fallback?: string }> {
  const parsed = SearchKnowledgeBaseInput.parse(input);
  const options = { limit: parsed.limit, documentIds: parsed.document_ids };
  if (context.embeddings) return context.embeddings.query(parsed.query, options);
  return { engine: "bm25", results: context.index.query(parsed.query, options) };
}
