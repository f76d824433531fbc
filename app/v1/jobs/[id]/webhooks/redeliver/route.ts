import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { redeliverJobWebhookRoute } from "@/lib/v1/jobs/jobs.contract";
import { serializeWebhookDelivery } from "@/lib/webhooks/serialize-webhook-delivery";
import { redeliverJobWebhook } from "@/lib/v1/jobs/redeliver-job-webhook";

// POST /v1/jobs/{id}/webhooks/redeliver – send a finished job's webhook again
const redeliver = route(redeliverJobWebhookRoute, async ({ caller, params }) => {
  const delivery = await redeliverJobWebhook({ db: await getDb(), userId: caller.user.id, jobId: params.id });
  return Response.json(serializeWebhookDelivery({ ...delivery, attempts: [] }), { status: 202 });
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(redeliver);
