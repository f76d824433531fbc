import { listConnectionsRoute } from "@/lib/cloud/cloud.contract";
import { listCloudConnections } from "@/lib/cloud/list-cloud-connections";
import { route, serveRoutes } from "@/lib/http";

// GET /api/cloud/connections – the caller's connections without tokens
const list = route(listConnectionsRoute, async ({ caller }) => listCloudConnections(caller.user.id));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(list);
