import { encryptSecret } from "@/lib/crypto/encrypt-secret";
import type { Db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/is-unique-violation";
import type { ExchangedTokens } from "./post-token-request";
import type { CloudProvider } from "./schemas";

/**
 * Stores (or replaces) the user's connection to a provider with its tokens encrypted. A new grant
 * without a refresh token keeps the one stored before, as Google only sends it on first consent.
 */
export async function saveCloudConnection(input: {
  db: Db;
  userId: string;
  provider: CloudProvider;
  tokens: ExchangedTokens;
  accountEmail: string | null;
}) {
  const { db } = input;
  const data = {
    accountEmail: input.accountEmail,
    scopes: [] as string[],
    ...tokenColumns(input.tokens),
    status: "active",
  };
  const save = () =>
    db.cloudConnection.upsert({
      where: { userId_provider: { userId: input.userId, provider: input.provider } },
      create: { userId: input.userId, provider: input.provider, ...data },
      update: data,
    });
  try {
    return await save();
  } catch (error) {
    // Two grants saved at once: the other created the row between this upsert's read and insert,
    // so a second try finds it and updates it.
    if (isUniqueViolation(error)) return save();
    throw error;
  }
}

/** The columns a token endpoint answer sets: tokens encrypted; refresh token and scopes only when sent. */
export function tokenColumns(tokens: ExchangedTokens) {
  return {
    accessTokenEnc: encryptSecret(tokens.access_token),
    expiresAt: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000) : null,
    ...(tokens.refresh_token ? { refreshTokenEnc: encryptSecret(tokens.refresh_token) } : {}),
    ...(tokens.scope ? { scopes: tokens.scope.split(/\s+/).filter(Boolean) } : {}),
  };
}
