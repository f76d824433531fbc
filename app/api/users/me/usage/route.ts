import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { getUsageSummary } from "@/lib/users/get-usage-summary";
import { usageRoute } from "@/lib/users/users.contract";

// GET /api/users/me/usage – tokens used this period against the tier's allowance
const usage = route(usageRoute, async ({ caller }) => getUsageSummary({ db: await getDb(), userId: caller.user.id }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(usage);
