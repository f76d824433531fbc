import { encryptSecret } from "@/lib/crypto/encrypt-secret";
import { getDb } from "@/lib/db";
import type { ExchangedTokens } from "./exchange-authorization-code";
import type { CloudProvider } from "./schemas";

/**
 * Stores (or replaces) the user's connection to a provider with its tokens encrypted. A new grant
 * without a refresh token keeps the one stored before, as Google only sends it on first consent.
 */
export async function saveCloudConnection(input: { userId: string; provider: CloudProvider; tokens: ExchangedTokens; accountEmail: string | null }) {
  const db = await getDb();
  const { tokens } = input;
  const data = {
    accountEmail: input.accountEmail,
    scopes: tokens.scope ? tokens.scope.split(/\s+/).filter(Boolean) : [],
    accessTokenEnc: encryptSecret(tokens.access_token),
    expiresAt: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000) : null,
    status: "active",
    ...(tokens.refresh_token ? { refreshTokenEnc: encryptSecret(tokens.refresh_token) } : {}),
  };
  return db.cloudConnection.upsert({
    where: { userId_provider: { userId: input.userId, provider: input.provider } },
    create: { userId: input.userId, provider: input.provider, ...data },
    update: data,
  });
}
