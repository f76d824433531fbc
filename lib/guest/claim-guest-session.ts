import type { z } from "zod";
import type { Db } from "@/lib/db";
import { invalidateBatchStatus } from "@/lib/batches/status-cache";
import { AppError } from "@/lib/errors/app-error";
import type { ClaimGuestBatchesResponse } from "./schemas";

/**
 * A guest who signs up keeps their work: every batch of the guest session moves to the user, and
 * the session stops opening them. The session id is the guest's credential, so knowing it is the
 * proof; a session claimed by another account, or expired unclaimed, answers 404 (as an unknown
 * one), the same account 200.
 * Pages already read by the guest are not charged to the account.
 */
export async function claimGuestSession(options: {
  db: Db;
  userId: string;
  guestSessionId: string;
}): Promise<z.infer<typeof ClaimGuestBatchesResponse>> {
  const { db, userId, guestSessionId } = options;
  const claimed = await db.$transaction(async (tx) => {
    const session = await tx.guestSession.findUnique({ where: { id: guestSessionId } });
    if (!session || (session.claimedByUserId !== null && session.claimedByUserId !== userId))
      throw new AppError("not_found", "Guest session not found");
    // An expired session is no longer the guest's (the daily cleanup deletes it with its batches).
    if (session.claimedByUserId === null && session.expiresAt.getTime() <= Date.now())
      throw new AppError("not_found", "Guest session expired");
    const batches = await tx.batch.findMany({ where: { guestSessionId, userId: null }, select: { id: true } });
    await tx.batch.updateMany({ where: { guestSessionId, userId: null }, data: { userId } });
    if (session.claimedByUserId === null)
      await tx.guestSession.update({
        where: { id: guestSessionId },
        data: { claimedByUserId: userId, claimedAt: new Date() },
      });
    return batches.map((batch) => batch.id);
  });
  for (const batchId of claimed) invalidateBatchStatus(batchId);
  return {
    guest_session_id: guestSessionId,
    claimed_batches: claimed,
    claimed_count: claimed.length,
    message:
      claimed.length > 0
        ? `${claimed.length} batch(es) now belong to your account.`
        : "No batches to claim in this guest session.",
  };
}
