import { AppError, type ErrorCode } from "@/lib/errors/app-error";

/** Everything the reading engine refuses; ERROR_STATUS in lib/http/errors.ts gives each its HTTP status. */
export type DocumentErrorCode = Extract<
  ErrorCode,
  | "unsupported_format"
  | "converter_unavailable"
  | "empty_document"
  | "corrupt_document"
  | "password_required"
  | "invalid_password"
  | "too_many_pages"
  | "image_too_large"
  | "document_too_large"
  | "document_too_complex"
  | "conversion_failed"
  | "conversion_timeout"
  | "ocr_failed"
>;

/** An AppError, so the route kit answers each refusal with its status and message. */
export class DocumentError extends AppError {
  declare readonly code: DocumentErrorCode;

  constructor(code: DocumentErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = "DocumentError";
  }
}

export function isDocumentError(error: unknown): error is DocumentError {
  return error instanceof DocumentError;
}

const documentErrorCodes: readonly string[] = [
  "unsupported_format",
  "converter_unavailable",
  "empty_document",
  "corrupt_document",
  "password_required",
  "invalid_password",
  "too_many_pages",
  "image_too_large",
  "document_too_large",
  "document_too_complex",
  "conversion_failed",
  "conversion_timeout",
  "ocr_failed",
] satisfies readonly DocumentErrorCode[];

/** Whether a page's recorded error code is one of the engine's refusals (a page may also say page_failed). */
export function isDocumentErrorCode(code: string): code is DocumentErrorCode {
  return documentErrorCodes.includes(code);
}
