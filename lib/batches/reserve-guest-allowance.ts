import type { DbTransaction } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { assertFileCount, assertPageTotal, guestUploadLimits } from "@/lib/upload-limits/upload-limits";
import { guestUsage } from "./batch-upload-limits";

/**
 * Accepts a guest upload of `files` files and `pages` pages inside the transaction that creates its
 * batch. The guest session's row is locked first, so concurrent uploads on one session run one after
 * another and each counts the files committed before it: together they never exceed the session's
 * allowance (the checks before the upload only refuse early).
 */
export async function reserveGuestAllowance(options: {
  tx: DbTransaction;
  guestSessionId: string;
  files: number;
  pages: number;
}): Promise<void> {
  const { tx } = options;
  const locked = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM guest_sessions WHERE id = ${options.guestSessionId} AND "claimedByUserId" IS NULL FOR UPDATE`;
  if (locked.length === 0)
    throw new AppError("forbidden", "This guest session was claimed by an account or has ended; sign in to upload.");
  const limits = guestUploadLimits(await guestUsage({ db: tx, guestSessionId: options.guestSessionId }));
  assertFileCount(limits, options.files);
  assertPageTotal(limits, options.pages);
}
