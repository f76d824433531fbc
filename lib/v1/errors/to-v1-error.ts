import { AppError, type ErrorCode } from "@/lib/errors/app-error";
import { JOB_ERROR_CODES, V1_ERROR_CODES, type JobErrorCode, type V1ErrorCode } from "./error-codes";

// The reading engine speaks lib/http's finer codes (corrupt_document, ocr_failed, …); the developer API
// answers only codes from its documented table (V1_ERROR_CODES), so each is mapped once, here.
const ENGINE_TO_V1: Partial<Record<ErrorCode, V1ErrorCode>> = {
  converter_unavailable: "unsupported_format",
  corrupt_document: "corrupt_file",
  password_required: "corrupt_file",
  invalid_password: "corrupt_file",
  conversion_failed: "corrupt_file",
  conversion_timeout: "processing_error",
  ocr_failed: "processing_error",
};

function isV1Code(code: string): code is V1ErrorCode & ErrorCode {
  return Object.hasOwn(V1_ERROR_CODES, code);
}

/**
 * A failure while extracting, as a code from the developer API's table and a message for the client.
 * `expected` is false for anything that is not an AppError (a bug or an outage): its details stay in
 * the log and the client reads a generic message.
 */
export function describeExtractionFailure(error: unknown): {
  code: V1ErrorCode & ErrorCode;
  message: string;
  expected: boolean;
} {
  if (error instanceof AppError) {
    const code = ENGINE_TO_V1[error.code] ?? error.code;
    if (isV1Code(code)) return { code, message: error.message, expected: true };
    return { code: "processing_error", message: error.message, expected: true };
  }
  return {
    code: "processing_error",
    message: "Processing failed unexpectedly; the error was logged. Retry, or contact support with the job id.",
    expected: false,
  };
}

/** The failure as a refused request (synchronous POST /v1/extract). */
export function toV1RequestError(error: unknown): AppError {
  const { code, message } = describeExtractionFailure(error);
  return new AppError(code, message, { cause: error });
}

/** The failure as a failed job's error.code; codes that never end a job become processing_error. */
export function toJobErrorCode(code: V1ErrorCode): JobErrorCode {
  return (JOB_ERROR_CODES as readonly string[]).includes(code) ? (code as JobErrorCode) : "processing_error";
}
