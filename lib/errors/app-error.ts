import { ZodError } from "zod";
import { ERROR_CODES, type ErrorCode } from "./error-codes";

/** Each error code's HTTP status, from the one table in error-codes.ts. */
export const ERROR_STATUS = Object.fromEntries(
  Object.entries(ERROR_CODES).map(([code, entry]) => [code, entry.status]),
) as { readonly [C in ErrorCode]: (typeof ERROR_CODES)[C]["status"] };

export type { ErrorCode };

/** Where a request value came from; the first element of a FastAPI `loc`. */
export type InputLocation = "path" | "query" | "body" | "header";

/** One validation problem in FastAPI's shape: loc starts with the input location. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

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
    super(message ?? ERROR_CODES[code].message, { cause: options.cause });
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
