import {
  GUEST_LIMITS_MESSAGE,
  GUEST_MAX_FILE_SIZE_BYTES,
  GUEST_MAX_FILES,
  GUEST_MAX_PAGES,
} from "@/lib/upload-limits/guest-limits";
import { AppError } from "@/lib/errors/app-error";
import { formatBytes } from "@/lib/text/format-bytes";
import type { ModelVersion } from "@/lib/models";
import { tierLimits } from "@/lib/tiers";

/**
 * What one upload may hold, and whose limit it is. Every surface that takes files (/api/batch/upload,
 * /api/ocr/process, /v1/extract, /v1/fill/*) builds one of these and checks it with the asserts below,
 * so a limit is refused with the same code and message everywhere; each surface renders its own body.
 */
export interface UploadLimits {
  maxFileSizeBytes: number;
  /** Pages of all files of one upload together. */
  maxPages: number;
  /** Files per upload; unlimited for users. */
  maxFiles: number;
  /** Named by a refusal: a tier ("the Free tier"), a model, or a guest session (which says how to get more). */
  holder: { kind: "tier" | "model"; name: string } | { kind: "guest" };
}

/**
 * A tier's own limits (developer-api.md, "Limits"), as /v1 and /api/ocr/process/batch apply them; with
 * a model, its pages per request too, whichever is lower.
 */
export function tierUploadLimits(tier: string, model?: Pick<ModelVersion, "id" | "maxPagesPerRequest">): UploadLimits {
  const limits = tierLimits(tier);
  const modelCaps = model !== undefined && model.maxPagesPerRequest < limits.maxPagesPerRequest;
  return {
    maxFileSizeBytes: limits.maxFileSizeBytes,
    maxPages: modelCaps ? model.maxPagesPerRequest : limits.maxPagesPerRequest,
    maxFiles: Number.POSITIVE_INFINITY,
    holder: modelCaps ? { kind: "model", name: model.id } : { kind: "tier", name: limits.name },
  };
}

/**
 * A signed-in user's limits for one batch upload: the tier's, but never below what a guest may
 * upload, since signing up must not take anything away. The developer API keeps the tiers' own limits.
 */
export function userUploadLimits(tier: string | undefined): UploadLimits {
  const limits = tierUploadLimits(tier ?? "free");
  return {
    ...limits,
    maxFileSizeBytes: Math.max(limits.maxFileSizeBytes, GUEST_MAX_FILE_SIZE_BYTES),
    maxPages: Math.max(limits.maxPages, GUEST_MAX_PAGES),
  };
}

/** What remains of a guest session's allowance after the files and pages it has uploaded. */
export function guestUploadLimits(used: { files: number; pages: number }): UploadLimits {
  return {
    maxFileSizeBytes: GUEST_MAX_FILE_SIZE_BYTES,
    maxPages: Math.max(GUEST_MAX_PAGES - used.pages, 0),
    maxFiles: Math.max(GUEST_MAX_FILES - used.files, 0),
    holder: { kind: "guest" },
  };
}

/** 422 for no file at all; 403 forbidden when a guest session has no file left. */
export function assertFileCount(limits: UploadLimits, fileCount: number): void {
  if (fileCount === 0)
    throw new AppError("validation_error", "No files: send one or more files in the files field", {
      issues: [{ loc: ["body", "files"], msg: "Field required", type: "missing" }],
    });
  if (fileCount > limits.maxFiles) {
    const left = limits.maxFiles;
    throw new AppError(
      "forbidden",
      `This guest session can upload ${left} more file${left === 1 ? "" : "s"}. ${GUEST_LIMITS_MESSAGE}`,
    );
  }
}

/** 413 file_too_large for a file over the limit's file size. */
export function assertFileSize(limits: UploadLimits, file: { name: string; size: number }): void {
  if (file.size <= limits.maxFileSizeBytes) return;
  throw new AppError(
    "file_too_large",
    `${file.name || "The file"} is ${(file.size / (1024 * 1024)).toFixed(1)} MB; ${holderName(limits)} accepts files ` +
      `of at most ${formatBytes(limits.maxFileSizeBytes)}.`,
  );
}

/**
 * The pages of all files of one upload together: 413 too_many_pages over a tier's or model's limit,
 * 403 forbidden over what a guest session has left.
 */
export function assertPageTotal(limits: UploadLimits, pages: number): void {
  if (pages <= limits.maxPages) return;
  if (limits.holder.kind === "guest") {
    throw new AppError(
      "forbidden",
      `The request has ${pages} pages; this guest session has ${limits.maxPages} left. ${GUEST_LIMITS_MESSAGE}`,
    );
  }
  throw new AppError(
    "too_many_pages",
    `The request has ${pages} pages; ${holderName(limits)} allows at most ${limits.maxPages} pages per request.`,
  );
}

/** Whose limit it is, as a refusal names it: "the Free tier", "the model …", "a guest session". */
export function holderName(limits: UploadLimits): string {
  if (limits.holder.kind === "guest") return "a guest session";
  return limits.holder.kind === "tier" ? `the ${limits.holder.name} tier` : `the model ${limits.holder.name}`;
}
