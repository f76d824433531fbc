import { connectDriveRoute } from "@/lib/cloud/cloud.contract";
import { connectDrive } from "@/lib/cloud/connect-drive";
import { toCloudConnectionResponse } from "@/lib/cloud/to-cloud-connection-response";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// POST /api/cloud/drive/connect – exchange the authorization code and store the drive connection
const connect = route(connectDriveRoute, async ({ caller, body }) => {
  const connection = await connectDrive({
    db: await getDb(),
    userId: caller.user.id,
    code: body.code,
    redirectUri: body.redirect_uri,
    codeVerifier: body.code_verifier,
  });
  return { message: "Cloud drive connected", connection: toCloudConnectionResponse(connection) };
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(connect);
