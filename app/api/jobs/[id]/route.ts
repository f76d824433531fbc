import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { toBrowserJob } from "@/lib/studio/browser-job";
import { browserGetJobRoute } from "@/lib/studio/studio.contract";
import { getJobOrThrow } from "@/lib/v1/jobs/get-job-or-throw";
import { serializeJob } from "@/lib/v1/jobs/serialize-job";

// GET /api/jobs/{id} – the Fill page polls its job
const get = route(browserGetJobRoute, async ({ caller, params }) =>
  toBrowserJob(serializeJob(await getJobOrThrow({ db: await getDb(), userId: caller.user.id, jobId: params.id }))),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(get);
