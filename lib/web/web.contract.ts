import { defineRoute } from "@/lib/contracts/contract";
import { BatchUploadResponse } from "@/lib/batches/schemas";
import {
  UploadUrlForm,
  WebFillRequest,
  WebPreviewRequest,
  WebPreviewResponse,
  WebScanRequest,
  WebScanResponse,
  WebSessionClosedResponse,
  WebSessionParams,
  WebSubmitRequest,
  WebSubmitResponse,
  WebUpdateRequest,
  WebUpdateResponse,
} from "./schemas";
import { webRateLimitHook } from "./web-rate-limit";

const tags = ["Web pages and forms"];
// The spec declares no auth for preview, scan, update and submit: they are open, limited per address.
const authNote =
  "No sign-in needed. A web session belongs to its caller: a signed-in user, else the guest session (guest_session_id), else the client address; " +
  "anyone else's session_id answers 404. Without signing in: 10 calls a minute per client address (X-RateLimit-* headers, 429 with Retry-After), " +
  "one open session at a time, and no documents attached to file inputs. The outbound guard is the same for everyone.";
const openAccess = { auth: "optional", hooks: [webRateLimitHook] } as const;
const common = {
  400: {
    description:
      "The URL is not http(s), leads (or redirects) to an address the server may not reach, or starts a download.",
  },
  404: { description: "No such web session among the caller's own (expired, closed, or someone else's)." },
  429: {
    description:
      "All WEB_MAX_SESSIONS browser sessions are in use, or (without signing in) the address's call rate or its one session is used up; Retry-After says when to retry.",
  },
  413: { description: "The page (with what it loads) is larger than a session may download (WEB_MAX_SESSION_BYTES)." },
  502: { description: "The page could not be loaded (DNS failure, connection refused, …)." },
  503: { description: "Chromium is not installed (the message names what to install) or could not start." },
  504: { description: "The page did not finish loading within WEB_NAVIGATION_TIMEOUT_SECONDS." },
};

export const uploadUrlRoute = defineRoute({
  method: "POST",
  path: "/api/batch/url",
  surface: "api",
  auth: "user",
  operationId: "batchUploadUrl",
  summary: "Turn a web page into a batch",
  description:
    "Renders the page in Chromium (waits for network idle, bounded), stores it as a PDF printed by the browser and processes it like an uploaded PDF " +
    "(text layer with boxes, structure, tables). The page's HTML and a full-page screenshot are kept with the document (metadata.web). Upload limits and the token balance apply as for uploads.",
  tags,
  form: UploadUrlForm,
  formContentType: "application/x-www-form-urlencoded",
  responses: {
    200: BatchUploadResponse,
    ...common,
    402: { description: "The token balance does not cover the page's PDF pages." },
  },
});

export const webPreviewRoute = defineRoute({
  method: "POST",
  path: "/api/batch/web-preview",
  surface: "api",
  ...openAccess,
  operationId: "batchWebPreview",
  summary: "Screenshot of a page's first viewport",
  description: `Opens url in a new web session (or shows session_id's page) and answers the first viewport as a base64 PNG, the final URL and the title. The session stays open for the next calls. ${authNote}`,
  tags,
  body: WebPreviewRequest,
  responses: { 200: WebPreviewResponse, ...common },
});

export const webScanRoute = defineRoute({
  method: "POST",
  path: "/api/batch/web-scan",
  surface: "api",
  ...openAccess,
  operationId: "batchWebScan",
  summary: "Every fillable field of a page",
  description:
    "Every input, select, radio group, checkbox, textarea, file input and custom (ARIA combobox or listbox) dropdown of every frame, open shadow roots included " +
    "(closed shadow roots cannot be seen), with a stable ref, label, type, options, name, " +
    `required and current value, and the submit buttons. ${authNote}`,
  tags,
  body: WebScanRequest,
  responses: { 200: WebScanResponse, ...common },
});

export const webUpdateRoute = defineRoute({
  method: "POST",
  path: "/api/batch/web-update",
  surface: "api",
  ...openAccess,
  operationId: "batchWebUpdate",
  summary: "Type values into a page's fields (never submits)",
  description:
    "Fields are named by ref, name or label; selects and radios take an option's label or value, checkboxes true/false, file inputs one of the caller's documents (document_id). " +
    `Each field reports what happened (typed, selected, checked, attached, not_found, refused with the reason), with a screenshot. ${authNote}`,
  tags,
  body: WebUpdateRequest,
  responses: { 200: WebUpdateResponse, ...common },
});

export const webSubmitRoute = defineRoute({
  method: "POST",
  path: "/api/batch/web-submit",
  surface: "api",
  ...openAccess,
  operationId: "batchWebSubmit",
  summary: "Click the submit button once",
  description: `Clicks the submit button, waits for the navigation or network idle, and answers the post-submit screenshot, final URL and status. A session submits once: a repeat is a 409 unless allow_repeat. ${authNote}`,
  tags,
  body: WebSubmitRequest,
  responses: {
    200: WebSubmitResponse,
    ...common,
    409: { description: "This session already submitted; send allow_repeat: true to submit again." },
  },
});

export const webFillRoute = defineRoute({
  method: "POST",
  path: "/api/batch/web-fill",
  surface: "api",
  auth: "user",
  operationId: "batchWebFill",
  summary: "Fill a web form from documents, streaming each step",
  description:
    "Server-sent events: navigated, fields (found), value (each field's chosen value with its source: document, page, box, confidence, reason), action (each action with a screenshot), " +
    "submitted (when submit is true), summary (with session_id, warnings: currency pickers left at another currency than the filled amounts, and document_currency: the one currency the filled amounts name, or null), error. An amount typed into a text field whose label names an amount is the number alone (the value event's note says so). Values come from explicit values, the instructions and the documents, through the AI provider when configured and the " +
    "deterministic matcher otherwise. It stops before submitting unless submit is true; review and call web-submit. A client that disconnects closes the session.",
  tags,
  body: WebFillRequest,
  responses: { 200: { description: "A text/event-stream of the fill.", contentType: "text/event-stream" }, ...common },
});

export const closeWebSessionRoute = defineRoute({
  method: "DELETE",
  path: "/api/batch/web-session/{session_id}",
  surface: "api",
  ...openAccess,
  operationId: "batchWebSessionClose",
  summary: "Close a web session now",
  description: `Closes its page, browser context and outbound proxy; sessions also close after WEB_SESSION_TTL_SECONDS idle and at shutdown. ${authNote}`,
  tags,
  params: WebSessionParams,
  responses: { 200: WebSessionClosedResponse, 404: common[404], 429: common[429] },
});
