import type { DbTransaction } from "@/lib/db";
import { AppError } from "@/lib/http/errors";
import { GUEST_LIMITS_MESSAGE, GUEST_MAX_FILES, GUEST_MAX_PAGES } from "@/lib/guest/guest-limits";
import { guestUsage } from "./check-upload-limits";

/**
 * Accepts a guest upload of `files` files and `pages` pages inside the transaction that creates its
 * batch. The guest session's row is locked first, so concurrent uploads on one session run one after
 * another and each counts the files committed before it: together they never exceed the session's
 * allowance (the checks before the upload only refuse early).
 */
export async function reserveGuestAllowance(
  tx: DbTransaction,
  options: { guestSessionId: string; files: number; pages: number },
): Promise<void> {
  const locked = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM guest_sessions WHERE id = ${options.guestSessionId} AND "claimedByUserId" IS NULL FOR UPDATE`;
  if (locked.length === 0)
    throw new AppError("forbidden", "This guest session was claimed by an account or has ended; sign in to upload.");
  const used = await guestUsage(tx, options.guestSessionId);
  const filesLeft = Math.max(GUEST_MAX_FILES - used.files, 0);
  if (options.files > filesLeft) {
    throw new AppError(
      "forbidden",
      `This guest session can upload ${filesLeft} more file${filesLeft === 1 ? "" : "s"}. ${GUEST_LIMITS_MESSAGE}`,
    );
  }
  const pagesLeft = Math.max(GUEST_MAX_PAGES - used.pages, 0);
  if (options.pages > pagesLeft) {
    throw new AppError(
      "forbidden",
      `The upload has ${options.pages} pages but this guest session has ${pagesLeft} left. ${GUEST_LIMITS_MESSAGE}`,
    );
  }
}
