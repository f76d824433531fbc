import type { Db } from "@/lib/db";
import type { z } from "zod";
import type { TokenUsageResponse } from "./schemas";
import { currentUsagePeriod, MONTHLY_TOKEN_ALLOWANCE } from "./tier-allowance";

type Totals = { tokens: number; requests: number; pages: number };
type Bucket = { tokens: number; pages: number; requestKeys: Set<string> };

/**
 * Tokens used in the current monthly period against the tier's allowance, with requests and pages,
 * broken down by day (every day of the period so far, zeros included, for the portal's chart) and by model.
 */
export async function getUsageSummary({
  db,
  userId,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  now?: Date;
}): Promise<z.infer<typeof TokenUsageResponse>> {
  const { start, end } = currentUsagePeriod(now);
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { tier: true } });
  const events = await db.usageEvent.findMany({
    where: { userId, createdAt: { gte: start, lt: end } },
    select: { id: true, createdAt: true, model: true, tokens: true, pages: true, jobId: true, documentId: true },
  });

  const byDay = new Map<string, Bucket>();
  for (let day = new Date(start); day <= now && day < end; day = new Date(day.getTime() + 86_400_000)) {
    getOrAdd(byDay, day.toISOString().slice(0, 10));
  }
  const byModel = new Map<string, Bucket>();
  const total = newBucket();
  for (const event of events) {
    // A job or a document is charged per page; all its events together are one request.
    const requestKey = event.jobId
      ? `job:${event.jobId}`
      : event.documentId
        ? `doc:${event.documentId}`
        : `event:${event.id}`;
    const day = event.createdAt.toISOString().slice(0, 10);
    for (const bucket of [total, getOrAdd(byDay, day), getOrAdd(byModel, event.model ?? "none")]) {
      bucket.tokens += event.tokens;
      bucket.pages += event.pages;
      bucket.requestKeys.add(requestKey);
    }
  }

  const limit = MONTHLY_TOKEN_ALLOWANCE[user.tier];
  return {
    tier: user.tier,
    period_start: start.toISOString(),
    period_end: end.toISOString(),
    tokens_used: total.tokens,
    tokens_limit: limit,
    tokens_remaining: Math.max(limit - total.tokens, 0),
    requests: total.requestKeys.size,
    pages: total.pages,
    by_day: [...byDay.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, bucket]) => ({ date, ...totalsOf(bucket) })),
    by_model: [...byModel.entries()]
      .sort(([, a], [, b]) => b.tokens - a.tokens)
      .map(([model, bucket]) => ({ model, ...totalsOf(bucket) })),
  };
}

function newBucket(): Bucket {
  return { tokens: 0, pages: 0, requestKeys: new Set() };
}

function getOrAdd(map: Map<string, Bucket>, key: string): Bucket {
  let bucket = map.get(key);
  if (!bucket) map.set(key, (bucket = newBucket()));
  return bucket;
}

function totalsOf(bucket: Bucket): Totals {
  return { tokens: bucket.tokens, requests: bucket.requestKeys.size, pages: bucket.pages };
}
