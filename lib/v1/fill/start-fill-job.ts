import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { inspectJobUploads } from "@/lib/v1/jobs/inspect-job-uploads";
import { inspectFillTarget } from "./inspect-fill-target";
import { assertFileSize, tierUploadLimits } from "@/lib/upload-limits/upload-limits";
import { resolveModel, tokensForPages } from "@/lib/models";
import type { BlobStore } from "@/lib/storage";
import { assertTokensAvailable } from "@/lib/usage/assert-tokens-available";
import { createJob } from "@/lib/v1/jobs/create-job";
import { startJob, type StartedJobAnswer } from "@/lib/v1/jobs/start-job";
import type { JobType } from "@/lib/v1/jobs/job-types";

export interface StartFillJobInput {
  userId: string;
  tier: string;
  apiKeyId: string | null;
  type: Extract<JobType, "fill_pdf" | "fill_excel">;
  /** The template, already read and type-checked by the caller. */
  target: { bytes: Buffer; name: string; extension: string };
  sources: File[];
  ocrModel: string | undefined;
  webhookUrl: string | undefined;
  /** The job input beyond the stored files (options of the request). */
  options: Record<string, Prisma.InputJsonValue | undefined>;
}

export type FillAnswer = StartedJobAnswer;

/**
 * Shared by both fill endpoints: checks the target and sources against the tier's limits (a PDF form's
 * pages count with the sources') and the token balance
 * (fill tokens per form plus OCR per source page), records the job, stores the uploads under the
 * job's prefix and starts the background run (startJob). Always 202 once the request is valid.
 */
export async function startFillJob(input: StartFillJobInput & { db: Db; store: BlobStore }): Promise<FillAnswer> {
  const { db, store } = input;
  const ocrModel = resolveModel(input.ocrModel, { kind: "ocr" });
  const limits = tierUploadLimits(input.tier, ocrModel);
  assertFileSize(limits, { name: input.target.name, size: input.target.bytes.length });
  // A PDF form's pages are read (for the labels printed beside its fields), so they count; a workbook has none.
  const targetPages =
    input.type === "fill_pdf"
      ? (await inspectFillTarget({ bytes: input.target.bytes, name: input.target.name, limits })).pages
      : 0;
  const fillModel = resolveModel("docsvc-fill-v1", { kind: "fill" });
  const checked = await inspectJobUploads({
    files: input.sources,
    tier: input.tier,
    model: ocrModel,
    otherPages: targetPages,
  });
  const tokensNeeded = checked.tokensNeeded + tokensForPages(fillModel, 1);
  await assertTokensAvailable({ db, userId: input.userId, tokensNeeded });

  const job = await createJob({
    db,
    userId: input.userId,
    apiKeyId: input.apiKeyId,
    type: input.type,
    model: fillModel.id,
    webhookUrl: input.webhookUrl || null,
    progressTotal: checked.uploads.length + 2,
    progressMessage: "Queued",
    tokensReserved: tokensNeeded,
  });
  const uploads = [
    { name: `input-target.${input.target.extension}`, bytes: input.target.bytes },
    ...checked.uploads.map((upload, index) => ({ name: `input-source-${index + 1}`, bytes: upload.bytes })),
  ];
  return startJob({
    db,
    store,
    job: { id: job.id, type: input.type },
    uploads,
    input: ([targetKey, ...sourceKeys]) =>
      ({
        ...input.options,
        target: { key: targetKey, name: input.target.name },
        sources: sourceKeys.map((key, index) => ({ key, name: checked.uploads[index].fileName })),
        ocrModel: ocrModel.id,
      }) as Prisma.InputJsonValue,
  });
}
