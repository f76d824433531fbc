/**
 * An /api error as the browser shows it: one message for the form, and per-field messages from a
 * FastAPI 422 (`{"detail":[{"loc":["body","email"],"msg":"…"}]}`) keyed by the field's name.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string>;

  constructor(status: number, message: string, fieldErrors: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

interface ValidationDetail {
  loc?: unknown;
  msg?: unknown;
}

const STATUS_MESSAGES: Record<number, string> = {
  401: "You are not signed in, or your session has ended.",
  403: "You are not allowed to do this.",
  404: "Not found.",
  413: "That is too large.",
  429: "Too many attempts. Wait a moment and try again.",
};

/** The ApiError for a failed response's status and parsed JSON body (or undefined when it had none). */
export function toApiError(status: number, body: unknown): ApiError {
  const detail = typeof body === "object" && body !== null ? (body as { detail?: unknown }).detail : undefined;
  if (typeof detail === "string") return new ApiError(status, detail);
  if (Array.isArray(detail)) {
    const fieldErrors: Record<string, string> = {};
    const general: string[] = [];
    for (const item of detail as ValidationDetail[]) {
      const message = typeof item.msg === "string" ? item.msg : "Invalid value";
      const field = fieldName(item.loc);
      if (field && !(field in fieldErrors)) fieldErrors[field] = message;
      else if (!field) general.push(message);
    }
    const message =
      general[0] ??
      (Object.keys(fieldErrors).length > 0
        ? "Please correct the highlighted fields."
        : "The request was not accepted.");
    return new ApiError(status, message, fieldErrors);
  }
  // /v1 answers {"error":{"message"}}; the portal shows it the same way.
  const v1Message =
    typeof body === "object" && body !== null ? (body as { error?: { message?: unknown } }).error?.message : undefined;
  if (typeof v1Message === "string") return new ApiError(status, v1Message);
  return new ApiError(status, STATUS_MESSAGES[status] ?? `The server answered ${status}. Try again.`);
}

// loc is ["body", "email"] or ["body", "items", 0, "name"]: the field is everything after the location, dotted.
function fieldName(loc: unknown): string | undefined {
  if (!Array.isArray(loc) || loc.length < 2) return undefined;
  return loc.slice(1).map(String).join(".");
}

/**
 * The same error attributed to one field when it has the given status: a 401 "Current password is
 * incorrect" belongs next to the current-password input, not at the top of the form.
 */
export function attributeToField(error: unknown, status: number, field: string): unknown {
  if (error instanceof ApiError && error.status === status)
    return new ApiError(status, error.message, { [field]: error.message });
  return error;
}
