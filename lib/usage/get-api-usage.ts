import type { Db } from "@/lib/db";
import { tierLimits } from "@/lib/tiers";
import { getTokenBalance } from "./get-token-balance";
import type { ApiUsage } from "./schemas";

type ModelBucket = { jobs: Set<string>; documents: number; pages: number; tokens: number };

/**
 * The body of GET /v1/usage for the current billing period: jobs submitted (requests), documents and
 * pages charged, tokens by model, and the tier's allowance and limits. Each API usage event is one
 * charged document (see chargeUsage), so documents count events and requests count jobs.
 */
export async function getApiUsage(options: { db: Db; userId: string; now?: Date }): Promise<ApiUsage> {
  const { db, userId, now = new Date() } = options;
  const balance = await getTokenBalance({ db, userId, now });
  const period = { gte: balance.periodStart, lt: balance.periodEnd };
  const [events, jobGroups] = await Promise.all([
    db.usageEvent.findMany({
      where: { userId, createdAt: period },
      select: { id: true, source: true, model: true, pages: true, tokens: true, jobId: true },
    }),
    db.job.groupBy({ by: ["type", "status"], where: { userId, createdAt: period }, _count: { _all: true } }),
  ]);

  const byStatus: Record<string, number> = {};
  const byType: Record<string, number> = {};
  let totalJobs = 0;
  for (const group of jobGroups) {
    byStatus[group.status] = (byStatus[group.status] ?? 0) + group._count._all;
    byType[group.type] = (byType[group.type] ?? 0) + group._count._all;
    totalJobs += group._count._all;
  }

  let apiTokens = 0;
  let apiPages = 0;
  let apiDocuments = 0;
  const byModel = new Map<string, ModelBucket>();
  for (const event of events) {
    if (event.source !== "api") continue;
    apiTokens += event.tokens;
    apiPages += event.pages;
    apiDocuments += 1;
    const name = event.model ?? "none";
    const bucket = byModel.get(name) ?? { jobs: new Set<string>(), documents: 0, pages: 0, tokens: 0 };
    byModel.set(name, bucket);
    bucket.jobs.add(event.jobId ?? `event:${event.id}`);
    bucket.documents += 1;
    bucket.pages += event.pages;
    bucket.tokens += event.tokens;
  }

  const limits = tierLimits(balance.tier);
  return {
    tier: balance.tier,
    billing_period: { start: balance.periodStart.toISOString(), end: balance.periodEnd.toISOString() },
    tokens: {
      allowance: balance.allowance,
      used: balance.used,
      remaining: balance.remaining,
      used_by_api: apiTokens,
      used_by_app: balance.used - apiTokens,
    },
    requests: { total: totalJobs, by_status: byStatus, by_type: byType },
    documents: { processed: apiDocuments, pages: apiPages },
    models: [...byModel.entries()]
      .sort(([, a], [, b]) => b.tokens - a.tokens)
      .map(([model, bucket]) => ({
        model,
        requests: bucket.jobs.size,
        documents: bucket.documents,
        pages: bucket.pages,
        tokens: bucket.tokens,
      })),
    limits: {
      requests_per_minute: limits.requestsPerMinute,
      max_pages_per_request: limits.maxPagesPerRequest,
      max_file_size_bytes: limits.maxFileSizeBytes,
    },
  };
}
