import { resolveWordIds } from "@/lib/ai/word-ids";
import { unionBox } from "@/lib/pages/layout";
import type { Box, Page } from "@/lib/pages/types";
import type { ChatDocument } from "../scope/chat-document";

/**
 * Where a statement comes from: a document, a page and the words quoted, with their box. Built only
 * from word ids that resolve to real words of the page (as lib/ai grounds extraction), so a citation
 * can never point at a box that does not exist. `gone` marks a saved citation whose document was deleted.
 */
export interface Citation {
  citation_id: string;
  document_id: string;
  document_name: string;
  batch_id: string;
  page: number;
  word_ids: string[];
  box: Box;
  quote: string;
  gone?: boolean;
}

export const wordId = (page: number, index: number) => `p${page}w${index}`;

/** A citation of some words of a document page; null when none of the ids names a real word. */
export function citeWords(document: ChatDocument, ids: string[], citationId: string): Citation | null {
  const cited = resolveWordIds(ids, document.pages);
  if (!cited) return null;
  const page = document.pages.find((candidate) => candidate.pageNumber === cited.page)!;
  const valid = ids.filter((id) => {
    const match = /^p(\d+)w(\d+)$/.exec(id.trim());
    return match !== null && Number(match[1]) === cited.page && page.words[Number(match[2])] !== undefined;
  });
  const indexes = [...new Set(valid.map((id) => Number(id.split("w")[1])))].sort((a, b) => a - b);
  return {
    citation_id: citationId,
    document_id: document.id,
    document_name: document.name,
    batch_id: document.batchId,
    page: cited.page,
    word_ids: indexes.map((index) => wordId(cited.page, index)),
    box: unionBox(cited.words.map((word) => word.box)),
    quote: cited.words.map((word) => word.text).join(" "),
  };
}

/** Ids of a contiguous run of words of a page. */
export function wordRange(pageNumber: number, first: number, count: number): string[] {
  return Array.from({ length: count }, (_, offset) => wordId(pageNumber, first + offset));
}

/** Ids of the page words whose centre lies inside a box (how a stored pair's box maps back to words). */
export function wordIdsInBox(page: Page, box: Box): string[] {
  const slack = 0.002;
  return page.words.flatMap((word, index) => {
    const cx = word.box.x + word.box.width / 2;
    const cy = word.box.y + word.box.height / 2;
    const inside =
      cx >= box.x - slack && cx <= box.x + box.width + slack && cy >= box.y - slack && cy <= box.y + box.height + slack;
    return inside ? [wordId(page.pageNumber, index)] : [];
  });
}
