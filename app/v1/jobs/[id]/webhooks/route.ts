import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { listJobWebhooksRoute } from "@/lib/v1/jobs/jobs.contract";
import { listJobWebhookDeliveries } from "@/lib/v1/jobs/list-job-webhook-deliveries";

// GET /v1/jobs/{id}/webhooks – the job's webhook deliveries and their attempts
const list = route(listJobWebhooksRoute, async ({ caller, params }) =>
  listJobWebhookDeliveries({ db: await getDb(), userId: caller.user.id, jobId: params.id }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(list);
