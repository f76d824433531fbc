import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { getApiUsage } from "@/lib/usage/get-api-usage";
import { getUsageRoute } from "@/lib/v1/jobs/jobs.contract";

// GET /v1/usage – requests, documents, tokens by model, billing period and allowance
const usage = route(getUsageRoute, async ({ caller }) => getApiUsage({ db: await getDb(), userId: caller.user.id }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(usage);
