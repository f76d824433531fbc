import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { emailFromBackChannelIdToken, exchangeAuthorizationCode } from "./exchange-authorization-code";
import { saveCloudConnection } from "./save-cloud-connection";

/** Exchanges the front end's authorization code at CLOUD_TOKEN_URL and stores the drive connection. */
export async function connectDrive(input: {
  db: Db;
  userId: string;
  code: string;
  redirectUri?: string;
  codeVerifier?: string;
}) {
  const config = getConfig();
  if (!config.OIDC_CLIENT_ID) {
    throw new AppError("service_unavailable", "Cloud drive connections are not configured (OIDC_CLIENT_ID is not set)");
  }
  const tokens = await exchangeAuthorizationCode({
    tokenUrl: config.CLOUD_TOKEN_URL,
    code: input.code,
    clientId: config.OIDC_CLIENT_ID,
    clientSecret: config.OIDC_CLIENT_SECRET,
    redirectUri: input.redirectUri ?? "postmessage",
    codeVerifier: input.codeVerifier,
  });
  return saveCloudConnection({
    db: input.db,
    userId: input.userId,
    provider: "google_drive",
    tokens,
    accountEmail: emailFromBackChannelIdToken(tokens.id_token),
  });
}
