import { ERROR_CODES, type DocumentedV1Code } from "@/lib/errors/error-codes";

/** Codes only a job carries, never a refused request. */
const JOB_ONLY_CODES = {
  cancelled: "The job was cancelled with POST /v1/jobs/{id}/cancel before it finished; nothing more is charged.",
};

export type V1ErrorCode = DocumentedV1Code | keyof typeof JOB_ONLY_CODES;

/**
 * Every `error.code` the developer API answers with, on failed jobs (`GET /v1/jobs/{id}` →
 * `error.code`) and on refused requests (`{"error":{"code","message"}}`), with the HTTP status of a
 * refused request (null: only ever on a job). Built from the one table in lib/http/error-codes.ts.
 */
export const V1_ERROR_CODES = Object.fromEntries([
  ...Object.entries(ERROR_CODES).flatMap(([code, entry]) =>
    "v1" in entry ? [[code, { status: entry.status, description: entry.v1 }]] : [],
  ),
  ...Object.entries(JOB_ONLY_CODES).map(([code, description]) => [code, { status: null, description }]),
]) as Record<V1ErrorCode, { status: number | null; description: string }>;

/** Codes a failed job may carry in error.code. */
export const JOB_ERROR_CODES = [
  "processing_error",
  "unsupported_format",
  "corrupt_file",
  "empty_document",
  "image_too_large",
  "document_too_large",
  "document_too_complex",
  "no_form_fields",
  "xfa_not_supported",
  "too_many_pages",
  "file_too_large",
  "insufficient_tokens",
  "invalid_model",
  "cancelled",
] as const satisfies readonly V1ErrorCode[];

export type JobErrorCode = (typeof JOB_ERROR_CODES)[number];
