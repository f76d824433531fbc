import type { Db, DbTransaction } from "@/lib/db";
import { AppError } from "@/lib/http/errors";
import { getTokenBalance, type TokenBalance } from "./get-token-balance";

/**
 * Throws insufficient_tokens (402) when the user's balance for this period is below tokensNeeded;
 * returns the balance otherwise. A check before work starts, not a reservation: concurrent requests
 * may together overdraw by at most their own size, which the next request then sees.
 */
export async function assertTokensAvailable(db: Db | DbTransaction, userId: string, tokensNeeded: number, now = new Date()): Promise<TokenBalance> {
  const balance = await getTokenBalance(db, userId, now);
  if (balance.remaining < tokensNeeded) {
    const resets = balance.periodEnd.toISOString().slice(0, 10);
    throw new AppError(
      "insufficient_tokens",
      `This request needs about ${tokensNeeded.toLocaleString("en-US")} tokens but ${balance.remaining.toLocaleString("en-US")} of the ` +
        `${balance.tier} tier's ${balance.allowance.toLocaleString("en-US")} monthly tokens remain. The allowance resets on ${resets}; ` +
        "a larger token package raises it.",
    );
  }
  return balance;
}
