import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { cancelJob } from "@/lib/v1/jobs/cancel-job";
import { cancelJobRoute } from "@/lib/v1/jobs/jobs.contract";

// POST /v1/jobs/{id}/cancel – stop a processing job
const cancel = route(cancelJobRoute, async ({ caller, params }) =>
  cancelJob({ db: await getDb(), userId: caller.user.id, jobId: params.id }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(cancel);
