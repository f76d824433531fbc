import { idpConnectionStatusRoute } from "@/lib/auth/oidc/idp.contract";
import { toCloudConnectionResponse } from "@/lib/cloud/to-cloud-connection-response";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { resolveAccessToken } from "@/lib/auth/caller/resolve-caller";

// GET /api/auth/idp/connection-status – does the user of auth_token have an active calendar grant
const status = route(idpConnectionStatusRoute, async ({ query }) => {
  const db = await getDb();
  const { user } = await resolveAccessToken({ db, token: query.auth_token });
  const connection = await db.cloudConnection.findUnique({
    where: { userId_provider: { userId: user.id, provider: "google_calendar" } },
  });
  return {
    connected: connection?.status === "active",
    provider: "google_calendar" as const,
    connection: connection ? toCloudConnectionResponse(connection) : null,
  };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(status);
