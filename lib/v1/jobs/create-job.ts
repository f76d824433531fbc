import type { Db } from "@/lib/db";
import type { Job, Prisma } from "@/lib/db/generated/client";
import { assertPublicUrl } from "@/lib/net/ssrf-guard";
import { reserveTokens } from "@/lib/usage/reserve-tokens";
import { JOB_OUTPUT_TTL_MS, type JobType } from "./job-types";

export interface CreateJobInput {
  userId: string;
  apiKeyId?: string | null;
  type: JobType;
  /** The dated model id that will run. */
  model?: string | null;
  /** What the job needs to run (storage keys of the uploads, options); never shown to the client. */
  input?: Prisma.InputJsonValue;
  webhookUrl?: string | null;
  progressTotal?: number;
  progressMessage?: string | null;
  /** Tokens the job may charge: reserved with the job row (402 when the balance cannot cover them). */
  tokensReserved?: number;
}

/**
 * A new job in status processing, downloadable output expiring 7 days after creation. A webhook_url
 * is checked against the SSRF guard here, so the client hears about a refused URL at once (400)
 * rather than through an undeliverable webhook later. The job's tokens are reserved in the transaction
 * that creates it (see reserveTokens); its charges use the reservation up and the rest is released
 * when it stops processing.
 */
export async function createJob(input: CreateJobInput & { db: Db }): Promise<Job> {
  const { db } = input;
  const webhookUrl = input.webhookUrl ? (await assertPublicUrl(input.webhookUrl)).url.href : null;
  const createdAt = new Date();
  const tokensReserved = input.tokensReserved ?? 0;
  return db.$transaction(async (tx) => {
    if (tokensReserved > 0)
      await reserveTokens({ db: tx, userId: input.userId, tokens: tokensReserved, now: createdAt });
    return tx.job.create({
      data: {
        userId: input.userId,
        apiKeyId: input.apiKeyId ?? null,
        type: input.type,
        status: "processing",
        model: input.model ?? null,
        input: input.input ?? {},
        webhookUrl,
        progressTotal: input.progressTotal ?? 0,
        progressMessage: input.progressMessage ?? null,
        createdAt,
        expiresAt: new Date(createdAt.getTime() + JOB_OUTPUT_TTL_MS),
        tokensReserved,
      },
    });
  });
}
