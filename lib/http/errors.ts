import { ZodError } from "zod";

/** Every error code the service answers with, and its HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  empty_document: 400,
  password_required: 400,
  invalid_password: 400,
  invalid_model: 400,
  no_source_data: 400,
  unauthorized: 401,
  insufficient_tokens: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  file_too_large: 413,
  too_many_pages: 413,
  image_too_large: 413,
  document_too_large: 413,
  unsupported_media_type: 415,
  unsupported_format: 415,
  converter_unavailable: 415,
  validation_error: 422,
  idempotency_key_reused: 422,
  corrupt_document: 422,
  corrupt_file: 422,
  document_too_complex: 422,
  conversion_failed: 422,
  no_form_fields: 422,
  processing_error: 422,
  xfa_not_supported: 422,
  rate_limit_exceeded: 429,
  internal_error: 500,
  ocr_failed: 502,
  page_unreachable: 502,
  service_unavailable: 503,
  page_timeout: 504,
  conversion_timeout: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Where a request value came from; the first element of a FastAPI `loc`. */
export type InputLocation = "path" | "query" | "body" | "header";

/** One validation problem in FastAPI's shape: loc starts with the input location. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  bad_request: "Bad request",
  empty_document: "The file is empty",
  password_required: "The PDF is protected by a password; send it in the password field",
  invalid_password: "The password does not open this PDF",
  invalid_model: "Unknown model",
  no_source_data: "Nothing to fill from: give source_files, instructions or field_mappings",
  unauthorized: "Not authenticated",
  insufficient_tokens: "Insufficient token balance",
  forbidden: "Forbidden",
  not_found: "Not found",
  method_not_allowed: "Method Not Allowed",
  conflict: "Conflict",
  gone: "Gone",
  payload_too_large: "Payload too large",
  file_too_large: "File too large",
  too_many_pages: "Too many pages",
  image_too_large: "The image has too many pixels",
  document_too_large: "The document is larger than can be read",
  unsupported_media_type: "Unsupported media type",
  unsupported_format: "Unsupported file format",
  converter_unavailable: "This format needs LibreOffice, which is not installed on this server",
  validation_error: "Validation error",
  idempotency_key_reused: "This Idempotency-Key was used with a different request",
  corrupt_document: "The file is damaged and cannot be read",
  corrupt_file: "The file is damaged and cannot be read",
  document_too_complex: "The document needs more memory or time to read than is allowed",
  conversion_failed: "The document could not be converted",
  no_form_fields: "The PDF has no fillable form fields",
  processing_error: "The document could not be processed",
  xfa_not_supported: "XFA forms are not supported; only AcroForm fields can be filled",
  rate_limit_exceeded: "Rate limit exceeded",
  internal_error: "Internal server error",
  ocr_failed: "The OCR engine failed",
  page_unreachable: "The web page could not be loaded",
  service_unavailable: "Service unavailable",
  page_timeout: "The web page did not finish loading in time",
  conversion_timeout: "Converting the document took too long",
};

export interface AppErrorOptions {
  /** Validation problems, rendered as FastAPI's detail list on /api and error.details on /v1. */
  issues?: ValidationIssue[];
  /** Extra response headers (Retry-After, WWW-Authenticate, Allow…). */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** The one error class services throw; its code decides the HTTP status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues?: ValidationIssue[];
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(message ?? DEFAULT_MESSAGES[code], { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.issues = options.issues;
    this.headers = options.headers ?? {};
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isPrismaRecordNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2025";
}

/**
 * Any thrown value as an AppError: zod errors become 422, a missing Prisma record 404, anything else
 * an internal error whose details stay in the log (the returned flag says it needs logging).
 */
export function toAppError(error: unknown): { appError: AppError; unexpected: boolean } {
  if (error instanceof AppError) return { appError: error, unexpected: false };
  if (error instanceof ZodError) {
    return {
      appError: new AppError("validation_error", undefined, { issues: zodIssues(error), cause: error }),
      unexpected: false,
    };
  }
  if (isPrismaRecordNotFound(error))
    return { appError: new AppError("not_found", undefined, { cause: error }), unexpected: false };
  return { appError: new AppError("internal_error", undefined, { cause: error }), unexpected: true };
}

/** Zod issues in FastAPI's shape, each loc prefixed with the input location when known. */
export function zodIssues(error: ZodError, location?: InputLocation): ValidationIssue[] {
  const prefix: (string | number)[] = location ? [location] : [];
  return error.issues.flatMap((issue) => {
    const loc = [...prefix, ...issue.path.map((part) => (typeof part === "symbol" ? String(part) : part))];
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        loc: [...loc, key],
        msg: "Extra inputs are not permitted",
        type: "extra_forbidden",
      }));
    }
    if (issue.code === "invalid_type" && isMissing(issue)) {
      return [{ loc, msg: "Field required", type: "missing" }];
    }
    return [{ loc, msg: issue.message, type: fastApiType(issue) }];
  });
}

// Parsed with { reportInput: true } the issue carries the input; otherwise zod's message names it.
function isMissing(issue: ZodError["issues"][number]): boolean {
  return "input" in issue ? issue.input === undefined : /received undefined$/.test(issue.message);
}

// Pydantic's error type names, so clients written against the FastAPI service keep working.
function fastApiType(issue: ZodError["issues"][number]): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.expected === "object"
        ? "model_attributes_type"
        : issue.expected === "array"
          ? "list_type"
          : `${issue.expected}_type`;
    case "too_small":
      return issue.origin === "string"
        ? "string_too_short"
        : issue.origin === "array" || issue.origin === "set"
          ? "too_short"
          : issue.inclusive
            ? "greater_than_equal"
            : "greater_than";
    case "too_big":
      return issue.origin === "string"
        ? "string_too_long"
        : issue.origin === "array" || issue.origin === "set"
          ? "too_long"
          : issue.inclusive
            ? "less_than_equal"
            : "less_than";
    case "invalid_format":
      return issue.format === "uuid"
        ? "uuid_parsing"
        : issue.format === "url"
          ? "url_parsing"
          : issue.format === "regex"
            ? "string_pattern_mismatch"
            : "value_error";
    case "invalid_value":
      return "enum";
    case "not_multiple_of":
      return "multiple_of";
    default:
      return "value_error";
  }
}
