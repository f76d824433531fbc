/**
 * Every `error.code` the developer API answers with, on failed jobs (`GET /v1/jobs/{id}` →
 * `error.code`) and on refused requests (`{"error":{"code","message"}}`), with the HTTP status of a
 * refused request (null: only ever on a job). Rendered into the README and the OpenAPI document.
 */
export const V1_ERROR_CODES = {
  // Job failures
  processing_error: {
    status: 422,
    description:
      "Processing failed for a reason not listed below; the message says what happened. A job fails with it; a synchronous POST /v1/extract answers it with 422.",
  },
  unsupported_format: {
    status: 415,
    description:
      "The file's type (detected from its bytes, not its name) is not supported, or needs LibreOffice, which this server lacks.",
  },
  corrupt_file: {
    status: 422,
    description: "The file claims a supported type but cannot be read (truncated, damaged or password-protected).",
  },
  empty_document: { status: 400, description: "A file is empty or has no pages." },
  image_too_large: { status: 413, description: "An image has more pixels than the service decodes (100 megapixels)." },
  document_too_large: {
    status: 413,
    description:
      "An office file (DOCX, XLSX, PPTX, OpenDocument) unpacks to more than the service reads: over 256 MB in all or 64 MB in one part, over 10,000 parts, 50,000 paragraphs, 500,000 cells, 1,000 slides or 128 levels of nesting.",
  },
  document_too_complex: {
    status: 422,
    description:
      "Reading the file needed more memory or time than one document is allowed; it was stopped without affecting other requests.",
  },
  no_form_fields: { status: 422, description: "The target PDF has no fillable form fields (AcroForm)." },
  xfa_not_supported: {
    status: 422,
    description: "The target PDF is an XFA form, which cannot be filled; export it as an AcroForm PDF.",
  },
  no_source_data: {
    status: 400,
    description: "A fill request gave none of source_files, instructions or field_mappings.",
  },
  cancelled: {
    status: null,
    description: "The job was cancelled with POST /v1/jobs/{id}/cancel before it finished; nothing more is charged.",
  },
  // Request refusals
  unauthorized: { status: 401, description: "Missing, malformed, unknown or deactivated API key." },
  bad_request: {
    status: 400,
    description:
      "The request is malformed (an unreadable cursor, a bad Idempotency-Key header, a webhook_url that is not a public http(s) URL).",
  },
  validation_error: {
    status: 422,
    description:
      "A parameter is missing or invalid (including a schema that is not a JSON array of {name, type}); error.details lists each problem.",
  },
  invalid_model: { status: 400, description: "The model is not one of GET /v1/models (an alias or a dated id)." },
  idempotency_key_reused: {
    status: 422,
    description: "The Idempotency-Key was used in the last 24 hours with a different request.",
  },
  conflict: {
    status: 409,
    description:
      "The request conflicts with the resource's state (a finished job cannot be cancelled; an Idempotency-Key whose first request is still running).",
  },
  not_found: {
    status: 404,
    description: "No such resource for this API key's account (other accounts' jobs answer 404 too).",
  },
  gone: { status: 410, description: "The job's output expired (7 days after the job was created) and was deleted." },
  method_not_allowed: {
    status: 405,
    description: "The path exists but not with this HTTP method; the Allow header lists the methods.",
  },
  payload_too_large: {
    status: 413,
    description: "The request body is larger than any tier accepts (101 MB for uploads).",
  },
  unsupported_media_type: { status: 415, description: "POST /v1/extract needs a multipart/form-data body." },
  too_many_pages: { status: 413, description: "The document has more pages than the tier allows per request." },
  file_too_large: { status: 413, description: "A file is larger than the tier allows." },
  insufficient_tokens: {
    status: 402,
    description: "The month's token allowance does not cover the request; it resets on the 1st (UTC).",
  },
  rate_limit_exceeded: {
    status: 429,
    description: "More requests this minute than the tier allows; wait Retry-After seconds.",
  },
  internal_error: { status: 500, description: "An unexpected server error; it was logged." },
  service_unavailable: {
    status: 503,
    description: "A component the request needs (database, OCR, storage) is unavailable.",
  },
} as const satisfies Record<string, { status: number | null; description: string }>;

export type V1ErrorCode = keyof typeof V1_ERROR_CODES;

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
