import { citeWords, wordRange, type Citation } from "../knowledge/citations";
import type { ChatDocument } from "../scope/chat-document";

/** Words one ref may quote: a citation is a passage, not a whole page. */
const maxRefWords = 200;
const refPattern = /D(\d+):p(\d+)w(\d+)(?:-(\d+))?/g;

/**
 * The citations behind the refs a model wrote ("[D1:p2w10-14]"), each resolved to real words of the
 * page; a ref naming a document, page or word that does not exist gives no citation.
 */
export function groundRefs(text: string, documents: ChatDocument[]): Citation[] {
  const citations = new Map<string, Citation>();
  for (const match of text.matchAll(refPattern)) {
    const ref = match[0];
    if (citations.has(ref)) continue;
    const document = documents[Number(match[1]) - 1];
    if (!document) continue;
    const first = Number(match[3]);
    const last = match[4] === undefined ? first : Number(match[4]);
    if (last < first) continue;
    const citation = citeWords(
      document,
      wordRange(Number(match[2]), first, Math.min(last - first + 1, maxRefWords)),
      ref,
    );
    if (citation) citations.set(ref, citation);
  }
  return [...citations.values()];
}
