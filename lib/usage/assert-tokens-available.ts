import type { Db, DbTransaction } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { getTokenBalance, type TokenBalance } from "./get-token-balance";

/**
 * Throws insufficient_tokens (402) when the user's available balance (allowance − used − reserved)
 * is below tokensNeeded; returns the balance otherwise. On its own a check, not a reservation: use it
 * to refuse early, before a file is read, and reserveTokens to accept the work.
 */
export async function assertTokensAvailable(options: {
  db: Db | DbTransaction;
  userId: string;
  tokensNeeded: number;
  now?: Date;
}): Promise<TokenBalance> {
  const { db, userId, tokensNeeded, now = new Date() } = options;
  const balance = await getTokenBalance({ db, userId, now });
  if (balance.available < tokensNeeded) {
    const resets = balance.periodEnd.toISOString().slice(0, 10);
    const inFlight =
      balance.reserved > 0
        ? ` (${balance.reserved.toLocaleString("en-US")} more are reserved by documents and jobs still being processed)`
        : "";
    throw new AppError(
      "insufficient_tokens",
      `This request needs about ${tokensNeeded.toLocaleString("en-US")} tokens but ${balance.available.toLocaleString("en-US")} of the ` +
        `${balance.tier} tier's ${balance.allowance.toLocaleString("en-US")} monthly tokens remain${inFlight}. The allowance resets on ${resets}; ` +
        "a larger token package raises it.",
    );
  }
  return balance;
}
