import type { z } from "zod";
import type { Db } from "@/lib/db";
import { getTokenBalance } from "@/lib/usage/get-token-balance";
import type { OcrUsageResponse } from "./schemas";

/** The user's token balance this period and what OCR of batch documents used of it. */
export async function getOcrUsage(options: {
  db: Db;
  userId: string;
  now?: Date;
}): Promise<z.infer<typeof OcrUsageResponse>> {
  const { db, userId, now = new Date() } = options;
  const balance = await getTokenBalance({ db, userId, now });
  const period = {
    userId,
    operation: "ocr",
    source: "app",
    createdAt: { gte: balance.periodStart, lt: balance.periodEnd },
  };
  const [ocr, documents, stored] = await Promise.all([
    db.usageEvent.aggregate({ where: period, _sum: { pages: true, tokens: true } }),
    db.usageEvent.groupBy({ by: ["documentId"], where: { ...period, documentId: { not: null } } }),
    db.batchDocument.aggregate({ where: { batch: { userId } }, _count: { _all: true }, _sum: { pagesDone: true } }),
  ]);
  return {
    tier: balance.tier,
    period_start: balance.periodStart.toISOString(),
    period_end: balance.periodEnd.toISOString(),
    tokens_used: balance.used,
    tokens_limit: balance.allowance,
    tokens_remaining: balance.remaining,
    ocr: { documents: documents.length, pages: ocr._sum.pages ?? 0, tokens: ocr._sum.tokens ?? 0 },
    documents_total: stored._count._all,
    pages_total: stored._sum.pagesDone ?? 0,
  };
}
