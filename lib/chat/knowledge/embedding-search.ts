import { createHash } from "node:crypto";
import { embed, embedMany } from "ai";
import type { ConfiguredEmbeddingModel } from "@/lib/ai/embedding-model";
import type { KnowledgeIndex, SearchHit } from "./knowledge-index";
import type { Passage } from "./passages";

/** Passages embedded per search at most; beyond it only the lexical candidates are embedded. */
const MAX_EMBEDDED_PASSAGES = 4_000;
/** Lexical candidates kept for ranking when the scope has more passages than that. */
const LEXICAL_CANDIDATES = 200;
/** Reciprocal rank fusion's constant: ranks far down either list still count a little. */
const FUSION_K = 60;
/** Vectors kept in memory across requests (one page's lines are embedded once per model). */
const CACHE_LIMIT = 50_000;

const cache = new Map<string, number[]>();

const cacheKey = (label: string, text: string) => `${label}\u0000${createHash("sha256").update(text).digest("hex")}`;

function remember(key: string, vector: number[]): void {
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, vector);
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  return normA && normB ? dot / Math.sqrt(normA * normB) : 0;
}

export interface RankedSearch {
  /** bm25, or bm25+embeddings:<model> when the passages were ranked by meaning too. */
  engine: string;
  results: SearchHit[];
  /** Why embeddings were not used this time (the provider failed); the lexical ranking answered. */
  fallback?: string;
}

/**
 * Search by meaning beside BM25: the passages in scope and the query are embedded with the AI SDK's
 * embedMany (vectors cached by model and text), ranked by cosine similarity, and fused with the
 * lexical ranking (reciprocal rank fusion), so "how much do I owe" finds "Amount due" and an exact
 * invoice number still ranks first. When the provider fails the lexical ranking answers alone.
 */
export class EmbeddingSearch {
  /** Tokens the provider reported for embeddings in this request (charged with the answer). */
  tokens = 0;

  constructor(
    private readonly index: KnowledgeIndex,
    private readonly embedding: ConfiguredEmbeddingModel,
    private readonly options: { signal?: AbortSignal; maxRetries?: number } = {},
  ) {}

  async query(query: string, options: { limit?: number; documentIds?: string[] } = {}): Promise<RankedSearch> {
    const limit = options.limit ?? 8;
    const lexical = this.index.rank(query, { limit: LEXICAL_CANDIDATES, documentIds: options.documentIds });
    try {
      const candidates = this.candidates(lexical, options.documentIds);
      const [queryVector, vectors] = await Promise.all([this.embedQuery(query), this.embedPassages(candidates)]);
      const bySimilarity = candidates
        .map((passage, position) => ({ passage, similarity: cosine(queryVector, vectors[position]) }))
        .sort((a, b) => b.similarity - a.similarity);
      const fused = new Map<number, number>();
      const add = (id: number, rank: number) => fused.set(id, (fused.get(id) ?? 0) + 1 / (FUSION_K + rank + 1));
      bySimilarity.forEach((entry, rank) => add(entry.passage.id, rank));
      lexical.forEach((entry, rank) => add(entry.passage.id, rank));
      const results = [...fused.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, limit)
        .map(([id, score]) => this.index.hit(this.index.passages[id], score * FUSION_K));
      return { engine: `bm25+embeddings:${this.embedding.label}`, results };
    } catch (error) {
      if (this.options.signal?.aborted) throw error;
      const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
      const results = lexical.slice(0, limit).map(({ passage, score }) => this.index.hit(passage, score));
      return { engine: "bm25", results, fallback: `embeddings failed: ${reason}` };
    }
  }

  /** Every passage in scope when there are few enough, else the lexical candidates. */
  private candidates(lexical: Array<{ passage: Passage }>, documentIds?: string[]): Passage[] {
    const allowed = documentIds ? new Set(documentIds) : null;
    const inScope = this.index.passages.filter(
      (passage) => !allowed || allowed.has(this.index.documents[passage.documentIndex].id),
    );
    if (inScope.length <= MAX_EMBEDDED_PASSAGES) return inScope;
    return lexical.map((entry) => entry.passage);
  }

  private async embedQuery(query: string): Promise<number[]> {
    const result = await embed({
      model: this.embedding.model,
      value: query,
      abortSignal: this.options.signal,
      maxRetries: this.options.maxRetries,
    });
    this.tokens += result.usage.tokens;
    return result.embedding;
  }

  private async embedPassages(passages: Passage[]): Promise<number[][]> {
    const keys = passages.map((passage) => cacheKey(this.embedding.label, passage.text));
    const missing = [...new Set(passages.filter((_, i) => !cache.has(keys[i])).map((passage) => passage.text))];
    if (missing.length > 0) {
      const result = await embedMany({
        model: this.embedding.model,
        values: missing,
        abortSignal: this.options.signal,
        maxRetries: this.options.maxRetries,
      });
      this.tokens += result.usage.tokens;
      missing.forEach((text, i) => remember(cacheKey(this.embedding.label, text), result.embeddings[i]));
    }
    return keys.map((key) => cache.get(key) ?? []);
  }
}
