import { z } from "zod";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import { JOB_STATUSES, type JobStatus } from "./job-types";
import { JobResponse, serializeJob } from "./serialize-job";

export const DEFAULT_JOB_PAGE_SIZE = 20;
export const MAX_JOB_PAGE_SIZE = 100;

/** GET /v1/jobs query. */
export const ListJobsQuery = z.object({
  status: z.enum(JOB_STATUSES).optional().describe("Only jobs in this status."),
  limit: z.coerce.number().int().min(1).max(MAX_JOB_PAGE_SIZE).default(DEFAULT_JOB_PAGE_SIZE),
  cursor: z.string().optional().describe("next_cursor of the previous page."),
});

/** GET /v1/jobs: newest first. */
export const JobListResponse = z
  .object({
    data: z.array(JobResponse),
    has_more: z.boolean(),
    next_cursor: z.string().nullable().describe("Pass as cursor for the next page; null on the last page."),
  })
  .meta({ id: "JobList" });

export type JobList = z.infer<typeof JobListResponse>;

type Cursor = { createdAt: Date; id: string };

/**
 * The user's jobs, newest first, a page at a time. The cursor is the last job's (created_at, id), so
 * pages stay consistent while new jobs arrive (an offset would shift).
 */
export async function listJobs(options: {
  db: Db;
  userId: string;
  status?: JobStatus;
  limit?: number;
  cursor?: string;
}): Promise<JobList> {
  const { db, userId } = options;
  const limit = Math.min(Math.max(options.limit ?? DEFAULT_JOB_PAGE_SIZE, 1), MAX_JOB_PAGE_SIZE);
  const where: Prisma.JobWhereInput = { userId, ...(options.status ? { status: options.status } : {}) };
  if (options.cursor) {
    const after = decodeCursor(options.cursor);
    where.OR = [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }];
  }
  const rows = await db.job.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasMore = rows.length > limit;
  return {
    data: page.map(serializeJob),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
  };
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt.toISOString(), cursor.id])).toString("base64url");
}

function decodeCursor(raw: string): Cursor {
  try {
    const [createdAt, id] = z
      .tuple([z.string().datetime(), z.string().uuid()])
      .parse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return { createdAt: new Date(createdAt), id };
  } catch {
    throw new AppError("bad_request", "Invalid cursor: pass next_cursor from the previous page unchanged.");
  }
}
