import type { DbTransaction } from "@/lib/db";
import { assertTokensAvailable } from "./assert-tokens-available";
import type { TokenBalance } from "./get-token-balance";

/**
 * Accepts work worth `tokens` for the user, inside the transaction that records it (the batch's
 * documents or the job, with those tokens in their tokensReserved). The user's row is locked first, so
 * concurrent acceptances for one user run one after another and each sees the reservations committed
 * before it: together they can never reserve more than the balance. Throws insufficient_tokens (402).
 */
export async function reserveTokens(options: {
  db: DbTransaction;
  userId: string;
  tokens: number;
  now?: Date;
}): Promise<TokenBalance> {
  const { db, userId, tokens, now } = options;
  await db.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
  return assertTokensAvailable({ db, userId, tokensNeeded: tokens, now });
}
