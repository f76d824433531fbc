import type { Db, DbTransaction } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { guestUploadLimits, userUploadLimits, type UploadLimits } from "@/lib/upload-limits/upload-limits";
import type { BatchOwner } from "./batch-owner";

/** Per-upload limits of a batch's owner: the user's (userUploadLimits), or what remains of a guest session's allowance. */
export async function batchUploadLimits(options: {
  db: Db;
  owner: BatchOwner;
  tier: string | undefined;
}): Promise<UploadLimits> {
  const { db, owner } = options;
  if ("userId" in owner) return userUploadLimits(options.tier);
  const session = await db.guestSession.findUnique({
    where: { id: owner.guestSessionId },
    select: { claimedByUserId: true },
  });
  if (session?.claimedByUserId)
    throw new AppError("forbidden", "This guest session was claimed by an account; sign in to upload.");
  return guestUploadLimits(await guestUsage({ db, guestSessionId: owner.guestSessionId }));
}

/** Files and pages a guest session has uploaded so far (deleted documents no longer count). */
export async function guestUsage(options: {
  db: Db | DbTransaction;
  guestSessionId: string;
}): Promise<{ files: number; pages: number }> {
  const { db, guestSessionId } = options;
  const usage = await db.batchDocument.aggregate({
    where: { batch: { guestSessionId, userId: null } },
    _count: { _all: true },
    _sum: { pagesTotal: true },
  });
  return { files: usage._count._all, pages: usage._sum.pagesTotal ?? 0 };
}
