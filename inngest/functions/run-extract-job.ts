import { extractJobRequested } from "@/lib/background/events";
import type { Db } from "@/lib/db";
import { deleteExtractJobUploads, runExtractJobStages } from "@/lib/v1/extract/extract-job-stages";
import { defineJobFunction } from "@/lib/v1/jobs/define-job-function";

/** POST /v1/extract's background work: the extract stages under the /v1 job life cycle, then the uploads deleted. */
export function createRunExtractJobFunction(options: { getDb?: () => Promise<Db> } = {}) {
  return defineJobFunction({
    id: "run-extract-job",
    event: extractJobRequested,
    retries: 2,
    concurrency: 2,
    getDb: options.getDb,
    stages: runExtractJobStages,
    finally: { id: "delete-uploads", run: deleteExtractJobUploads },
  });
}

export const runExtractJob = createRunExtractJobFunction();
