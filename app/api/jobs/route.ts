import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { toBrowserJob } from "@/lib/studio/browser-job";
import { browserListJobsRoute } from "@/lib/studio/studio.contract";
import { listJobs } from "@/lib/v1/jobs/list-jobs";

// GET /api/jobs – the signed-in user's jobs, newest first
const list = route(browserListJobsRoute, async ({ caller, query }) => {
  const page = await listJobs({ db: await getDb(), userId: caller.user.id, ...query });
  return { ...page, data: page.data.map(toBrowserJob) };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(list);
