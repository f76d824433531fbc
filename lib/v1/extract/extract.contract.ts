import { defineRoute } from "@/lib/contracts/contract";
import { DeveloperErrorSchema } from "@/lib/contracts/error-schemas";
import { canonicalExtractForm } from "./canonical-extract-form";
import { ExtractForm } from "./extract-form";
import { ExtractAcceptedResponse, ExtractCompletedResponse } from "./extraction-result";
import { FormatListResponse } from "./list-formats";

function refusal(description: string, code: string, message: string) {
  return { description, schema: DeveloperErrorSchema, example: { error: { code, message } } };
}

export const extractRoute = defineRoute({
  method: "POST",
  path: "/v1/extract",
  surface: "v1",
  auth: "api_key",
  operationId: "v1Extract",
  summary: "Extract structured data from documents",
  description:
    "One file of at most 5 pages without webhook_url is processed at once: 200 with status completed and the result. " +
    "Several files, more pages, or a webhook_url: 202 with id, status processing and poll_url; poll GET /v1/jobs/{id} or wait for the webhook. " +
    "Either way a job is recorded (listed by GET /v1/jobs, counted by GET /v1/usage). " +
    "Limits are checked before any work: file size (413 file_too_large), pages per request (413 too_many_pages), the month's tokens (402 insufficient_tokens). " +
    "Send an Idempotency-Key header to retry safely: the same key and request within 24 h answer the first answer and start no second job " +
    "(Idempotent-Replayed: true); the same key with a different request answers 422 idempotency_key_reused.",
  tags: ["Extraction"],
  form: ExtractForm,
  idempotency: { canonicalForm: canonicalExtractForm },
  responses: {
    200: ExtractCompletedResponse,
    202: ExtractAcceptedResponse,
    400: refusal(
      "invalid_model (the message lists the valid ids), a webhook_url that is not a public http(s) URL, or an empty file.",
      "invalid_model",
      'Unknown model "gpt-9". Valid models: docsvc-OCR-v1, docsvc-OCR-v1-2025-02, docsvc-OCR-XL-v1, docsvc-OCR-XL-v1-2025-02',
    ),
    402: refusal(
      "insufficient_tokens: the month's allowance does not cover the request's pages.",
      "insufficient_tokens",
      "This request needs about 6,000 tokens but 2,000 of the free tier's 100,000 monthly tokens remain. The allowance resets on 2025-04-01; a larger token package raises it.",
    ),
    413: refusal(
      "file_too_large or too_many_pages for the key's tier.",
      "too_many_pages",
      "The request has 12 pages; the Free tier allows at most 10 pages per request.",
    ),
    415: refusal(
      "unsupported_format: the file's type (detected from its bytes) is not supported or needs LibreOffice.",
      "unsupported_format",
      "Unsupported file format",
    ),
    422: refusal(
      "validation_error (error.details lists each problem), idempotency_key_reused, corrupt_file or processing_error.",
      "validation_error",
      'body.schema: schema is not valid JSON (Unexpected token o in JSON at position 1); send a JSON array such as [{"name":"total","type":"number"}]',
    ),
    429: refusal(
      "rate_limit_exceeded; wait Retry-After seconds.",
      "rate_limit_exceeded",
      "Rate limit of 10 requests per minute exceeded; retry in 42 s.",
    ),
  },
});

export const listFormatsRoute = defineRoute({
  method: "GET",
  path: "/v1/formats",
  surface: "v1",
  auth: "api_key",
  operationId: "v1ListFormats",
  summary: "Supported input formats",
  description:
    "Generated from the reading engine's registry: extension, MIME type, kind, whether the format needs LibreOffice, and whether this server has it.",
  tags: ["Reference"],
  responses: { 200: FormatListResponse },
});
