import MiniSearch from "minisearch";
import type { Box } from "@/lib/pages/types";
import type { ChatDocument } from "../scope/chat-document";
import { wordRange } from "./citations";
import { passagesOf, type Passage } from "./passages";

/** One ranked passage, as the search tool answers it. `ref` is how an answer cites it: [D1:p2w10-14]. */
export interface SearchHit {
  ref: string;
  document_id: string;
  document_name: string;
  page: number;
  kind: "line" | "block";
  text: string;
  score: number;
  box: Box;
  word_ids: string[];
}

// Question words carry no meaning for retrieval ("what is the total due?" is about "total due").
const stopWords = new Set(
  "a an the is are was were be been of in on at to for from by with and or what which who whom whose when where why how much many does do did can could would should please tell me show give find list this that these those it its my our your their there any some about".split(
    " ",
  ),
);

const terms = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}.,/-]+/u)
    .map((term) => term.replace(/^[.,/-]+|[.,/-]+$/g, ""))
    .filter(Boolean);

/** The words of a question that matter for search. */
export function queryTerms(question: string): string[] {
  return terms(question).filter((term) => !stopWords.has(term));
}

export function refOf(passage: Pick<Passage, "documentIndex" | "page" | "firstWord" | "wordCount">): string {
  const last = passage.firstWord + passage.wordCount - 1;
  return `D${passage.documentIndex + 1}:p${passage.page}w${passage.firstWord}${last > passage.firstWord ? `-${last}` : ""}`;
}

/** BM25 (minisearch) over the lines and blocks of the documents in scope, built once per chat request. */
export class KnowledgeIndex {
  readonly passages: Passage[];
  private readonly search: MiniSearch<Passage>;

  constructor(readonly documents: ChatDocument[]) {
    this.passages = passagesOf(documents);
    this.search = new MiniSearch<Passage>({
      fields: ["text"],
      idField: "id",
      tokenize: terms,
      processTerm: (term) => (stopWords.has(term) ? null : term),
      searchOptions: { prefix: (term) => term.length > 3, fuzzy: (term) => (term.length > 5 ? 0.2 : false) },
    });
    this.search.addAll(this.passages);
  }

  /** The best passages for a query, lines before the blocks that repeat them, at most `limit`. */
  query(query: string, options: { limit?: number; documentIds?: string[] } = {}): SearchHit[] {
    return this.rank(query, options).map(({ passage, score }) => this.hit(passage, score));
  }

  /** The BM25 ranking as passages with their scores, best first. */
  rank(
    query: string,
    options: { limit?: number; documentIds?: string[] } = {},
  ): Array<{ passage: Passage; score: number }> {
    const allowed = options.documentIds ? new Set(options.documentIds) : null;
    const found = this.search.search(queryTerms(query).join(" "), {
      filter: allowed
        ? (result) => allowed.has(this.documents[this.passages[Number(result.id)].documentIndex].id)
        : undefined,
    });
    return found
      .slice(0, options.limit ?? 8)
      .map((result) => ({ passage: this.passages[Number(result.id)], score: result.score }));
  }

  hit(passage: Passage, score: number): SearchHit {
    const document = this.documents[passage.documentIndex];
    return {
      ref: refOf(passage),
      document_id: document.id,
      document_name: document.name,
      page: passage.page,
      kind: passage.kind,
      text: passage.text,
      score: Math.round(score * 1000) / 1000,
      box: passage.box,
      word_ids: wordRange(passage.page, passage.firstWord, passage.wordCount),
    };
  }
}
