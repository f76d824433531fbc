import { z } from "zod";
import type { Db } from "@/lib/db";

export const QueueReportSchema = z
  .object({
    documents: z.number().int().describe("Batch documents queued or being read."),
    jobs: z.number().int().describe("/v1 jobs still processing."),
    depth: z.number().int().describe("documents + jobs: unfinished background work."),
    oldest_unfinished_age_seconds: z
      .number()
      .int()
      .nullable()
      .describe(
        "Age of the oldest unfinished work: a /v1 job since it was created, a document since its last change (queued, page read). null when nothing waits.",
      ),
  })
  .describe(
    "Unfinished background work, so work stuck in processing is visible before a user reports it. Omitted when the database is down.",
  );

export type QueueReport = z.infer<typeof QueueReportSchema>;

const UNFINISHED_DOCUMENT = { status: { in: ["queued", "processing"] } };
const UNFINISHED_JOB = { status: "processing" };

/** Counts unfinished documents and jobs and finds the oldest of them. */
export async function readQueue(options: { db: Db; now?: Date }): Promise<QueueReport> {
  const { db, now = new Date() } = options;
  const [documents, jobs, oldestDocument, oldestJob] = await Promise.all([
    db.batchDocument.count({ where: UNFINISHED_DOCUMENT }),
    db.job.count({ where: UNFINISHED_JOB }),
    db.batchDocument.findFirst({
      where: UNFINISHED_DOCUMENT,
      orderBy: { updatedAt: "asc" },
      select: { updatedAt: true },
    }),
    db.job.findFirst({ where: UNFINISHED_JOB, orderBy: { createdAt: "asc" }, select: { createdAt: true } }),
  ]);
  const since = [oldestDocument?.updatedAt, oldestJob?.createdAt]
    .filter((date): date is Date => date !== undefined)
    .map((date) => date.getTime());
  const oldest = since.length > 0 ? Math.max(Math.floor((now.getTime() - Math.min(...since)) / 1000), 0) : null;
  return { documents, jobs, depth: documents + jobs, oldest_unfinished_age_seconds: oldest };
}
