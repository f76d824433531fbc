import { getOidcProvider } from "@/lib/oidc/oidc-provider";
import { getConfig } from "@/lib/config";
import { decryptSecret } from "@/lib/crypto/encrypt-secret";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { postTokenRequest, TokenRequestRefused } from "./post-token-request";
import { tokenColumns } from "./save-cloud-connection";
import type { CloudProvider } from "./schemas";

// A token this close to its expiry is refreshed now rather than failing mid-request at the provider.
const EXPIRY_MARGIN_MS = 60_000;

/**
 * A usable access token for a stored connection: the stored one while it is valid, otherwise a new one
 * from the refresh token at the provider's token endpoint (stored encrypted for the next caller). A
 * refresh token the provider refuses marks the connection revoked; the user has to connect again.
 */
export async function getFreshAccessToken(options: { db: Db; connectionId: string }): Promise<string> {
  const { db, connectionId } = options;
  const connection = await db.cloudConnection.findUnique({ where: { id: connectionId } });
  if (!connection) throw new AppError("not_found", "Cloud connection not found");
  if (connection.status !== "active")
    throw new AppError("conflict", `The ${connection.provider} connection is ${connection.status}; connect it again`);
  if (connection.expiresAt === null || connection.expiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now()) {
    return decryptSecret(connection.accessTokenEnc);
  }
  if (!connection.refreshTokenEnc)
    throw new AppError(
      "conflict",
      `The ${connection.provider} access token expired and there is no refresh token; connect it again`,
    );

  const config = getConfig();
  if (!config.OIDC_CLIENT_ID)
    throw new AppError("service_unavailable", "Cloud connections are not configured (OIDC_CLIENT_ID is not set)");
  const form = new URLSearchParams({
    grant_type: "refresh_token",
    refresh_token: decryptSecret(connection.refreshTokenEnc),
    client_id: config.OIDC_CLIENT_ID,
  });
  if (config.OIDC_CLIENT_SECRET) form.set("client_secret", config.OIDC_CLIENT_SECRET);

  let tokens;
  try {
    tokens = await postTokenRequest(
      await tokenEndpointFor(connection.provider as CloudProvider),
      form,
      "refresh token",
    );
  } catch (error) {
    // invalid_grant: the user revoked access or the token lapsed; asking again would fail the same way.
    if (error instanceof TokenRequestRefused && error.providerError === "invalid_grant") {
      await db.cloudConnection.update({ where: { id: connection.id }, data: { status: "revoked" } });
      throw new AppError(
        "conflict",
        `The ${connection.provider} connection was revoked at the provider; connect it again`,
        { cause: error },
      );
    }
    throw error;
  }
  await db.cloudConnection.update({ where: { id: connection.id }, data: tokenColumns(tokens) });
  return tokens.access_token;
}

/** Where the grant was obtained: drives at CLOUD_TOKEN_URL, the calendar grant at the identity provider. */
async function tokenEndpointFor(provider: CloudProvider): Promise<string> {
  return provider === "google_drive" ? getConfig().CLOUD_TOKEN_URL : (await getOidcProvider()).tokenEndpoint;
}
