import type { JobResponse } from "@/lib/v1/jobs/serialize-job";

/** A job as the browser reads it: the file is downloaded through the session's /api route, not /v1's. */
export function toBrowserJob(job: JobResponse): JobResponse {
  const downloadUrl = job.result?.download_url;
  if (typeof downloadUrl !== "string") return job;
  return { ...job, result: { ...job.result, download_url: `/api/jobs/${job.id}/download` } };
}
