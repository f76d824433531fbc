import { z } from "zod";
import type { Db } from "@/lib/db";
import type { BatchOwner } from "../batch-owner";
import { getBatchDocumentOrThrow } from "../get-batch-or-throw";
import { findTextHits, findTextHitsInText, queryTokens, type SearchableWord } from "./find-text-hits";

/** Most hits one search answers; the rest are counted, not listed. */
export const MAX_SEARCH_HITS = 500;

export const DocumentSearchQuery = z.object({
  q: z.string().trim().min(1).max(200).describe("The word or phrase to find (case, accents and punctuation ignored)."),
  guest_session_id: z.string().optional(),
});

const HitBox = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });

export const DocumentSearchResponse = z
  .object({
    query: z.string().describe("The query as searched."),
    total_hits: z.number().int().describe("Every hit in the document, listed or not."),
    truncated: z.boolean().describe(`More than ${MAX_SEARCH_HITS} hits: only the first are listed.`),
    hits: z.array(
      z.object({
        page_number: z.number().int(),
        snippet: z.string().describe("The hit with a few words either side."),
        word_indices: z.array(z.number().int()).describe("The page's words (bounding_boxes.words) the hit covers."),
        boxes: z.array(HitBox).describe("Those words' boxes, page-relative (0–1); empty for a page without words."),
      }),
    ),
  })
  .meta({ id: "DocumentSearchResponse" });

/** GET …/document/{document_id}/search: a word or phrase across the stored pages of one document, in page order. */
export async function searchDocumentText(options: {
  db: Db;
  owner: BatchOwner;
  batchId: string;
  documentId: string;
  query: string;
}): Promise<z.infer<typeof DocumentSearchResponse>> {
  const { db, owner } = options;
  const document = await getBatchDocumentOrThrow({
    db,
    owner,
    batchId: options.batchId,
    documentId: options.documentId,
  });
  const tokens = queryTokens(options.query);
  const pages = await db.page.findMany({
    where: { documentId: document.id },
    orderBy: { pageNumber: "asc" },
    select: { pageNumber: true, extractedText: true, boundingBoxes: true },
  });
  const hits: z.infer<typeof DocumentSearchResponse>["hits"] = [];
  let total = 0;
  for (const page of pages) {
    const words = ((page.boundingBoxes ?? {}) as { words?: SearchableWord[] }).words ?? [];
    const found = words.length > 0 ? findTextHits(words, tokens) : findTextHitsInText(page.extractedText ?? "", tokens);
    total += found.length;
    for (const hit of found.slice(0, Math.max(0, MAX_SEARCH_HITS - hits.length)))
      hits.push({
        page_number: page.pageNumber,
        snippet: hit.snippet,
        word_indices: hit.wordIndices,
        boxes: hit.wordIndices.map((index) => words[index].box),
      });
  }
  return { query: options.query, total_hits: total, truncated: total > hits.length, hits };
}
