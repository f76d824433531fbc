import type { Box } from "@/lib/pages/types";
import type { ChatDocument } from "../scope/chat-document";

/** A searchable piece of a page: one line, or one block of several lines, with its words and box. */
export interface Passage {
  id: number;
  documentIndex: number;
  page: number;
  kind: "line" | "block";
  text: string;
  firstWord: number;
  wordCount: number;
  box: Box;
}

/** Every line of every page, and every block of more than one line, of the documents in scope. */
export function passagesOf(documents: ChatDocument[]): Passage[] {
  const passages: Passage[] = [];
  documents.forEach((document, documentIndex) => {
    for (const page of document.pages) {
      for (const line of page.lines) {
        if (line.wordCount === 0 || !line.text.trim()) continue;
        passages.push({
          id: passages.length,
          documentIndex,
          page: page.pageNumber,
          kind: "line",
          text: line.text,
          firstWord: line.firstWord,
          wordCount: line.wordCount,
          box: line.box,
        });
      }
      for (const block of page.blocks) {
        if (block.lineCount < 2) continue;
        const first = page.lines[block.firstLine];
        const last = page.lines[block.firstLine + block.lineCount - 1];
        if (!first || !last) continue;
        const wordCount = last.firstWord + last.wordCount - first.firstWord;
        passages.push({
          id: passages.length,
          documentIndex,
          page: page.pageNumber,
          kind: "block",
          text: block.text,
          firstWord: first.firstWord,
          wordCount,
          box: block.box,
        });
      }
    }
  });
  return passages;
}
