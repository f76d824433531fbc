import type { z } from "zod";
import { guestUsage } from "@/lib/batches/batch-upload-limits";
import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { GUEST_LIMITS_MESSAGE, GUEST_MAX_FILES, GUEST_MAX_PAGES } from "@/lib/upload-limits/guest-limits";
import type { GuestLimitsResponse } from "./schemas";

/** What a guest session has used and may still upload; 404 for an unknown session. */
export async function getGuestLimits(options: {
  db: Db;
  sessionId: string;
  now?: Date;
}): Promise<z.infer<typeof GuestLimitsResponse>> {
  const { db, sessionId, now = new Date() } = options;
  const session = await db.guestSession.findUnique({ where: { id: sessionId } });
  if (!session) throw new AppError("not_found", "Guest session not found");
  const usage = await guestUsage({ db, guestSessionId: sessionId });
  const expired = session.expiresAt <= now;
  const claimed = session.claimedByUserId !== null;
  const canUpload = !expired && !claimed && usage.files < GUEST_MAX_FILES && usage.pages < GUEST_MAX_PAGES;
  const message = claimed
    ? "This guest session was claimed by an account; sign in to upload."
    : expired
      ? "This guest session has expired; start a new one."
      : canUpload
        ? `You can upload ${GUEST_MAX_FILES - usage.files} more file(s) with up to ${GUEST_MAX_PAGES - usage.pages} pages.`
        : `Guest limit reached. ${GUEST_LIMITS_MESSAGE}`;
  return {
    session_id: session.id,
    current_files: usage.files,
    current_pages: usage.pages,
    max_files: GUEST_MAX_FILES,
    max_pages: GUEST_MAX_PAGES,
    can_upload: canUpload,
    message,
  };
}
