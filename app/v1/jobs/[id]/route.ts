import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { getJobOrThrow } from "@/lib/v1/jobs/get-job-or-throw";
import { getJobRoute } from "@/lib/v1/jobs/jobs.contract";
import { serializeJob } from "@/lib/v1/jobs/serialize-job";

// GET /v1/jobs/{id} – poll a job
const get = route(getJobRoute, async ({ caller, params }) =>
  serializeJob(await getJobOrThrow({ db: await getDb(), userId: caller.user.id, jobId: params.id })),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(get);
