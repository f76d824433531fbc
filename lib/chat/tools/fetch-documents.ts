import { z } from "zod";
import { wordId } from "../knowledge/citations";
import type { ChatToolContext } from "./tool-context";
import { ChatToolError } from "./tool-context";

export const FetchDocumentsInput = z.object({
  document_ids: z
    .array(z.string())
    .min(1)
    .max(20)
    .describe("Documents to read (ids from search results or the scope)."),
  pages: z.array(z.number().int().min(1)).max(200).optional().describe("Only these page numbers (default: all)."),
});
export type FetchDocumentsInput = z.input<typeof FetchDocumentsInput>;

export const fetchDocumentsDescription =
  "Read named documents (or some of their pages): text as lines each prefixed by its ref (cite as [D1:p1w0-3]), key-values and tables.";

/** Characters of page text returned in one call, so one huge document cannot flood the conversation. */
const maxTextChars = 40_000;

/** The text (lines with refs), key-values and tables of the named documents in scope. */
export function fetchDocuments(context: ChatToolContext, input: FetchDocumentsInput) {
  const parsed = FetchDocumentsInput.parse(input);
  const documents = context.index.documents;
  let budget = maxTextChars;
  const result = parsed.document_ids.map((id) => {
    const documentIndex = documents.findIndex((document) => document.id === id);
    if (documentIndex < 0) throw new ChatToolError(`Document ${id} is not in this chat's scope.`);
    const document = documents[documentIndex];
    const wanted = (page: number) => !parsed.pages || parsed.pages.includes(page);
    const pages = document.pages
      .filter((page) => wanted(page.pageNumber))
      .map((page) => {
        const lines = page.lines.map((line) => {
          const last = line.firstWord + line.wordCount - 1;
          return `[D${documentIndex + 1}:${wordId(page.pageNumber, line.firstWord)}${last > line.firstWord ? `-${last}` : ""}] ${line.text}`;
        });
        let text = lines.join("\n");
        if (text.length > budget) text = `${text.slice(0, Math.max(0, budget))}\n… (cut: ask for fewer pages)`;
        budget = Math.max(0, budget - text.length);
        return { page: page.pageNumber, text };
      });
    return {
      document_id: document.id,
      document_name: document.name,
      ref_prefix: `D${documentIndex + 1}`,
      pages,
      key_values: document.pairs
        .filter((pair) => wanted(pair.page))
        .map(({ key, value, page }) => ({ key, value, page })),
      tables: document.tables.filter((table) => wanted(table.page)).map(({ page, rows }) => ({ page, rows })),
    };
  });
  return { documents: result };
}
