import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import { CloudConnectionResponse, DriveConnectResponse, GoogleDriveAuthRequest } from "./schemas";

const tags = ["Cloud connections"];

export const connectDriveRoute = defineRoute({
  method: "POST",
  path: "/api/cloud/drive/connect",
  surface: "api",
  auth: "user",
  operationId: "cloudConnectDrive",
  summary: "Connect a cloud drive with an authorization code",
  description:
    'Exchanges the code at the configured token endpoint (CLOUD_TOKEN_URL) and stores the connection; tokens are encrypted at rest and never returned. redirect_uri defaults to "postmessage" (Google\'s popup code flow).',
  tags,
  body: GoogleDriveAuthRequest,
  responses: {
    200: DriveConnectResponse,
    400: { description: "The provider refused the code." },
    503: { description: "The provider is unreachable or not configured." },
  },
});

export const listConnectionsRoute = defineRoute({
  method: "GET",
  path: "/api/cloud/connections",
  surface: "api",
  auth: "user",
  operationId: "cloudListConnections",
  summary: "List cloud connections (without tokens)",
  tags,
  responses: { 200: z.array(CloudConnectionResponse) },
});
