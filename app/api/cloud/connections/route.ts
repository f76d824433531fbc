import { listConnectionsRoute } from "@/lib/cloud/cloud.contract";
import { listCloudConnections } from "@/lib/cloud/list-cloud-connections";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// GET /api/cloud/connections – the caller's connections without tokens
const list = route(listConnectionsRoute, async ({ caller }) =>
  listCloudConnections({ db: await getDb(), userId: caller.user.id }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(list);
