/**
 * Every error code the service answers with: its HTTP status, the message used when a service gives
 * none, and, for the codes the developer API documents, their description (`v1`). Both surfaces render
 * from this one table: `/api` as FastAPI's `{"detail"}`, `/v1` as `{"error":{"code","message"}}`.
 */
export const ERROR_CODES = {
  bad_request: {
    status: 400,
    message: "Bad request",
    v1: "The request is malformed (an unreadable cursor, a bad Idempotency-Key header, a webhook_url that is not a public http(s) URL).",
  },
  empty_document: { status: 400, message: "The file is empty", v1: "A file is empty or has no pages." },
  password_required: { status: 400, message: "The PDF is protected by a password; send it in the password field" },
  invalid_password: { status: 400, message: "The password does not open this PDF" },
  invalid_model: {
    status: 400,
    message: "Unknown model",
    v1: "The model is not one of GET /v1/models (an alias or a dated id).",
  },
  no_source_data: {
    status: 400,
    message: "Nothing to fill from: give source_files, instructions or field_mappings",
    v1: "A fill request gave none of source_files, instructions or field_mappings.",
  },
  unauthorized: {
    status: 401,
    message: "Not authenticated",
    v1: "Missing, malformed, unknown or deactivated API key.",
  },
  insufficient_tokens: {
    status: 402,
    message: "Insufficient token balance",
    v1: "The month's token allowance does not cover the request; it resets on the 1st (UTC).",
  },
  forbidden: { status: 403, message: "Forbidden" },
  not_found: {
    status: 404,
    message: "Not found",
    v1: "No such resource for this API key's account (other accounts' jobs answer 404 too).",
  },
  method_not_allowed: {
    status: 405,
    message: "Method Not Allowed",
    v1: "The path exists but not with this HTTP method; the Allow header lists the methods.",
  },
  conflict: {
    status: 409,
    message: "Conflict",
    v1: "The request conflicts with the resource's state (a finished job cannot be cancelled; an Idempotency-Key whose first request is still running).",
  },
  gone: {
    status: 410,
    message: "Gone",
    v1: "The job's output expired (7 days after the job was created) and was deleted.",
  },
  payload_too_large: {
    status: 413,
    message: "Payload too large",
    v1: "The request body is larger than any tier accepts (101 MB for uploads), or a form field other than a file holds more than 4 MB.",
  },
  file_too_large: { status: 413, message: "File too large", v1: "A file is larger than the tier allows." },
  too_many_pages: {
    status: 413,
    message: "Too many pages",
    v1: "The document has more pages than the tier allows per request.",
  },
  image_too_large: {
    status: 413,
    message: "The image has too many pixels",
    v1: "An image has more pixels than the service decodes (100 megapixels), or a PDF page is too large to render (over 60 megapixels at 72 DPI).",
  },
  document_too_large: {
    status: 413,
    message: "The document is larger than can be read",
    v1: "An office file (DOCX, XLSX, PPTX, OpenDocument) unpacks to more than the service reads: over 256 MB in all or 64 MB in one part, over 10,000 parts, 50,000 paragraphs, 500,000 cells, 1,000 slides or 128 levels of nesting; or a PDF whose content, font or object streams inflate past 128 MB each or 1 GB together.",
  },
  unsupported_media_type: {
    status: 415,
    message: "Unsupported media type",
    v1: "POST /v1/extract needs a multipart/form-data body.",
  },
  unsupported_format: {
    status: 415,
    message: "Unsupported file format",
    v1: "The file's type (detected from its bytes, not its name) is not supported, or needs LibreOffice, which this server lacks.",
  },
  converter_unavailable: {
    status: 415,
    message: "This format needs LibreOffice, which is not installed on this server",
  },
  validation_error: {
    status: 422,
    message: "Validation error",
    v1: "A parameter is missing or invalid (including a schema that is not a JSON array of {name, type}); error.details lists each problem.",
  },
  idempotency_key_reused: {
    status: 422,
    message: "This Idempotency-Key was used with a different request",
    v1: "The Idempotency-Key was used in the last 24 hours with a different request.",
  },
  corrupt_document: { status: 422, message: "The file is damaged and cannot be read" },
  corrupt_file: {
    status: 422,
    message: "The file is damaged and cannot be read",
    v1: "The file claims a supported type but cannot be read (truncated, damaged or password-protected).",
  },
  document_too_complex: {
    status: 422,
    message: "The document needs more memory or time to read than is allowed",
    v1: "Reading the file needed more memory or time than one document is allowed; it was stopped without affecting other requests.",
  },
  conversion_failed: { status: 422, message: "The document could not be converted" },
  no_form_fields: {
    status: 422,
    message: "The PDF has no fillable form fields",
    v1: "The target PDF has no fillable form fields (AcroForm).",
  },
  processing_error: {
    status: 422,
    message: "The document could not be processed",
    v1: "Processing failed for a reason not listed below; the message says what happened. A job fails with it; a synchronous POST /v1/extract answers it with 422.",
  },
  xfa_not_supported: {
    status: 422,
    message: "XFA forms are not supported; only AcroForm fields can be filled",
    v1: "The target PDF is an XFA form, which cannot be filled; export it as an AcroForm PDF.",
  },
  rate_limit_exceeded: {
    status: 429,
    message: "Rate limit exceeded",
    v1: "More requests this minute than the tier allows; wait Retry-After seconds.",
  },
  internal_error: { status: 500, message: "Internal server error", v1: "An unexpected server error; it was logged." },
  ocr_failed: { status: 502, message: "The OCR engine failed" },
  page_unreachable: { status: 502, message: "The web page could not be loaded" },
  service_unavailable: {
    status: 503,
    message: "Service unavailable",
    v1: "A component the request needs (database, OCR, storage) is unavailable.",
  },
  page_timeout: { status: 504, message: "The web page did not finish loading in time" },
  conversion_timeout: { status: 504, message: "Converting the document took too long" },
} as const satisfies Record<string, { status: number; message: string; v1?: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes the developer API documents (those with a `v1` description). */
export type DocumentedV1Code = {
  [C in ErrorCode]: (typeof ERROR_CODES)[C] extends { v1: string } ? C : never;
}[ErrorCode];
