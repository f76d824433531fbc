import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { listJobsRoute } from "@/lib/v1/jobs/jobs.contract";
import { listJobs } from "@/lib/v1/jobs/list-jobs";

// GET /v1/jobs – the key owner's jobs, newest first
const list = route(listJobsRoute, async ({ caller, query }) =>
  listJobs({ db: await getDb(), userId: caller.user.id, ...query }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(list);
