import type { Db } from "@/lib/db";
import type { Box, Page } from "@/lib/pages/types";
import { labelMatchScore } from "@/lib/fill/match/match-label";
import { KnowledgeIndex } from "../knowledge/knowledge-index";
import { loadChatScope } from "../scope/load-chat-scope";

const round = (value: number) => Math.round(value * 100) / 100;

/** The text of the line a box sits on (the value's context). */
function lineAround(page: Page | undefined, box: Box): string {
  if (!page) return "";
  const centre = box.y + box.height / 2;
  const line = page.lines.find(
    (candidate) =>
      centre >= candidate.box.y &&
      centre <= candidate.box.y + candidate.box.height &&
      candidate.box.x <= box.x + box.width &&
      candidate.box.x + candidate.box.width >= box.x,
  );
  return line?.text ?? "";
}

/**
 * POST /api/batch/{batch_id}/document/{document_id}/chat: the document's values that answer a
 * question or a template field, ranked: key-values by label similarity, then lines by BM25
 * (scaled below the best label match), each with its line as context, page, box and a 0–1 score.
 */
export async function answerMappingChat(options: {
  db: Db;
  userId: string;
  batchId: string;
  documentId: string;
  question?: string;
  field?: string;
  limit: number;
}) {
  const { db } = options;
  const [document] = await loadChatScope({
    db,
    userId: options.userId,
    scope: { batchId: options.batchId, documentIds: [options.documentId] },
  });
  const query = options.field ?? options.question ?? "";
  const pairMatches = document.pairs.flatMap((pair) => {
    const similarity = Math.max(labelMatchScore([query], pair.key), labelMatchScore([pair.key], query) * 0.9);
    if (similarity < 0.4 || !pair.valueBox) return [];
    const page = document.pages.find((candidate) => candidate.pageNumber === pair.page);
    return [
      {
        value: pair.value,
        label: pair.key,
        context: lineAround(page, pair.valueBox) || `${pair.key}: ${pair.value}`,
        page: pair.page,
        box: pair.valueBox,
        similarity: round(similarity),
      },
    ];
  });
  const hits = new KnowledgeIndex([document])
    .query(query, { limit: options.limit * 2 })
    .filter((hit) => hit.kind === "line");
  const best = hits[0]?.score ?? 1;
  const lineMatches = hits
    .filter((hit) => !pairMatches.some((match) => match.context === hit.text))
    .map((hit) => ({
      value: hit.text,
      label: null,
      context: hit.text,
      page: hit.page,
      box: hit.box,
      similarity: round(0.7 * (hit.score / best)),
    }));
  const matches = [...pairMatches, ...lineMatches].sort((a, b) => b.similarity - a.similarity).slice(0, options.limit);
  return { query, matches };
}
