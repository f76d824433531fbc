import type { Db, DbTransaction } from "@/lib/db";
import { AppError } from "@/lib/http/errors";
import {
  GUEST_LIMITS_MESSAGE,
  GUEST_MAX_FILE_SIZE_BYTES,
  GUEST_MAX_FILES,
  GUEST_MAX_PAGES,
} from "@/lib/guest/guest-limits";
import { tierLimits } from "@/lib/tiers";
import type { BatchOwner } from "./batch-owner";

export interface UploadLimits {
  maxFileSizeBytes: number;
  /** Pages of all files of one upload together. */
  maxPages: number;
  /** Files per upload; unlimited for users. */
  maxFiles: number;
}

/**
 * A signed-in user's per-upload limits: the tier's (lib/tiers), but never below what a guest may upload,
 * since signing up must not take anything away. The developer API keeps the tiers' own page limits.
 */
export function userUploadLimits(tier: string | undefined): UploadLimits {
  const limits = tierLimits(tier ?? "free");
  return {
    maxFileSizeBytes: Math.max(limits.maxFileSizeBytes, GUEST_MAX_FILE_SIZE_BYTES),
    maxPages: Math.max(limits.maxPagesPerRequest, GUEST_MAX_PAGES),
    maxFiles: Number.POSITIVE_INFINITY,
  };
}

/** Per-upload limits: the user's (userUploadLimits), or what remains of a guest session's allowance. */
export async function uploadLimitsFor(db: Db, owner: BatchOwner, tier: string | undefined): Promise<UploadLimits> {
  if ("userId" in owner) return userUploadLimits(tier);
  const session = await db.guestSession.findUnique({
    where: { id: owner.guestSessionId },
    select: { claimedByUserId: true },
  });
  if (session?.claimedByUserId)
    throw new AppError("forbidden", "This guest session was claimed by an account; sign in to upload.");
  const used = await guestUsage(db, owner.guestSessionId);
  return {
    maxFileSizeBytes: GUEST_MAX_FILE_SIZE_BYTES,
    maxPages: GUEST_MAX_PAGES - used.pages,
    maxFiles: GUEST_MAX_FILES - used.files,
  };
}

/** Files and pages a guest session has uploaded so far (deleted documents no longer count). */
export async function guestUsage(
  db: Db | DbTransaction,
  guestSessionId: string,
): Promise<{ files: number; pages: number }> {
  const usage = await db.batchDocument.aggregate({
    where: { batch: { guestSessionId, userId: null } },
    _count: { _all: true },
    _sum: { pagesTotal: true },
  });
  return { files: usage._count._all, pages: usage._sum.pagesTotal ?? 0 };
}

export function assertFileCount(limits: UploadLimits, fileCount: number): void {
  if (fileCount === 0)
    throw new AppError("validation_error", "No files: send one or more files in the files field", {
      issues: [{ loc: ["body", "files"], msg: "Field required", type: "missing" }],
    });
  if (fileCount > limits.maxFiles) {
    const left = Math.max(limits.maxFiles, 0);
    throw new AppError(
      "forbidden",
      `This guest session can upload ${left} more file${left === 1 ? "" : "s"}. ${GUEST_LIMITS_MESSAGE}`,
    );
  }
}

export function assertFileSize(owner: BatchOwner, limits: UploadLimits, file: { name: string; size: number }): void {
  if (file.size === 0) throw new AppError("empty_document", `${file.name} is empty`);
  if (file.size > limits.maxFileSizeBytes) {
    const mb = Math.round(limits.maxFileSizeBytes / (1024 * 1024));
    const who = "userId" in owner ? "your tier" : "guests";
    throw new AppError(
      "file_too_large",
      `${file.name} is ${(file.size / (1024 * 1024)).toFixed(1)} MB; ${who} may upload files up to ${mb} MB`,
    );
  }
}

export function assertPageTotal(owner: BatchOwner, limits: UploadLimits, pages: number): void {
  if (pages <= limits.maxPages) return;
  if ("guestSessionId" in owner) {
    throw new AppError(
      "forbidden",
      `The upload has ${pages} pages but this guest session has ${Math.max(limits.maxPages, 0)} left. ${GUEST_LIMITS_MESSAGE}`,
    );
  }
  throw new AppError(
    "too_many_pages",
    `The upload has ${pages} pages; your plan allows ${limits.maxPages} pages per upload`,
  );
}
