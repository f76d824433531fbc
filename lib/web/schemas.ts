import { z } from "zod";

// Request and response schemas of the web operations, named after the spec where it names them.

const Url = z
  .string()
  .trim()
  .min(1)
  .max(2048)
  .describe("An http(s) address the server may reach (private addresses are refused unless ALLOW_PRIVATE_NETWORK).");
const SessionId = z
  .string()
  .min(1)
  .max(100)
  .describe(
    "A web session from an earlier call; it belongs to its caller and closes after WEB_SESSION_TTL_SECONDS idle.",
  );
const Screenshot = z.string().describe("PNG image, base64-encoded.");

const KeepSession = z
  .boolean()
  .default(false)
  .describe(
    "Keep a session this call opens, to continue with its session_id (web-update, web-submit). Otherwise it closes when the call answers, so a one-off look holds no browser.",
  );
const SessionOpen = z
  .boolean()
  .describe(
    "Whether session_id can be continued: true for a session_id given or keep_session; false once a one-off session closed.",
  );

const urlOrSession = <T extends { url?: string; session_id?: string }>(value: T) =>
  Boolean(value.url || value.session_id);
const urlOrSessionMessage = { message: "Give url, session_id, or both (the session then opens url)", path: ["url"] };

export const WebPreviewRequest = z
  .object({ url: Url.optional(), session_id: SessionId.optional(), keep_session: KeepSession })
  .refine(urlOrSession, urlOrSessionMessage)
  .meta({
    id: "WebPreviewRequest",
    description: "A url opens a new session; a session_id shows that session's page (and opens url in it when given).",
  });

export const WebScanRequest = z
  .object({ url: Url.optional(), session_id: SessionId.optional(), keep_session: KeepSession })
  .refine(urlOrSession, urlOrSessionMessage)
  .meta({ id: "WebScanRequest" });

const BlockedRequest = z.object({
  target: z.string().describe("host:port or origin the page tried to reach."),
  reason: z.string(),
});

export const WebPreviewResponse = z
  .object({
    session_id: z.string(),
    session_open: SessionOpen,
    url: z.string().describe("The final URL after redirects."),
    title: z.string(),
    status: z.number().int().nullable().describe("HTTP status of the page's document."),
    network_idle: z.boolean().describe("False when the page still loaded things after the bounded wait."),
    screenshot: Screenshot.describe("The first viewport (1280×800) as a base64 PNG."),
    blocked_requests: z.array(BlockedRequest).describe("Requests of the page the outbound guard refused."),
  })
  .meta({ id: "WebPreviewResponse" });

const WebFieldOption = z.object({ value: z.string(), label: z.string(), selected: z.boolean() });

export const WebFieldSchema = z
  .object({
    ref: z.string().describe("Stable reference of the field within its session (f1, f2, …)."),
    label: z
      .string()
      .describe("Label element, aria-labelledby, aria-label, placeholder, title or nearby text, first found."),
    accessible_name: z.string().nullable().describe("The name in the browser's accessibility tree."),
    type: z
      .string()
      .describe(
        "text, email, number, date, tel, url, password, select, select-multiple, radio, checkbox, textarea, file, …; combobox and listbox for custom (ARIA) dropdowns.",
      ),
    name: z.string().nullable(),
    required: z.boolean(),
    disabled: z.boolean(),
    value: z.string().describe("Current value (a radio group's checked value; file names for a file input)."),
    checked: z.boolean().optional(),
    multiple: z.boolean().optional(),
    options: z
      .array(WebFieldOption)
      .optional()
      .describe(
        "Choices of a select, radio group or custom dropdown (a combobox that draws its options only when opened lists none until then).",
      ),
    placeholder: z.string().nullable(),
    frame_url: z.string().describe("URL of the frame the field is in."),
    in_shadow_root: z.boolean(),
  })
  .meta({ id: "WebField" });

export const WebScanResponse = z
  .object({
    session_id: z.string(),
    session_open: SessionOpen,
    url: z.string(),
    title: z.string(),
    frames: z.number().int(),
    fields: z.array(WebFieldSchema),
    submit_buttons: z.array(z.object({ ref: z.string(), label: z.string(), frame_url: z.string() })),
  })
  .meta({ id: "WebScanResponse" });

export const WebUpdateRequest = z
  .object({
    session_id: SessionId,
    fields: z
      .array(
        z.object({
          field: z.string().min(1).max(500).describe("The field's ref, name or label."),
          value: z
            .union([z.string().max(100_000), z.boolean(), z.number()])
            .optional()
            .describe("Text; a select's or radio's option label or value; true/false for a checkbox."),
          document_id: z.string().optional().describe("For a file input: one of the caller's documents."),
        }),
      )
      .min(1)
      .max(200),
  })
  .meta({ id: "WebUpdateRequest" });

export const WebUpdateResponse = z
  .object({
    session_id: z.string(),
    url: z.string(),
    results: z.array(
      z.object({
        field: z.string(),
        ref: z.string().nullable(),
        label: z.string().nullable(),
        status: z.enum(["typed", "selected", "checked", "unchecked", "attached", "not_found", "refused"]),
        value: z.string().nullable(),
        reason: z.string().nullable(),
      }),
    ),
    fields: z.array(WebFieldSchema).describe("Every field after the update."),
    screenshot: Screenshot,
  })
  .meta({ id: "WebUpdateResponse" });

export const WebSubmitRequest = z
  .object({
    session_id: SessionId,
    button_ref: z
      .string()
      .optional()
      .describe("The submit button to click (from web-scan); the first one when omitted."),
    allow_repeat: z
      .boolean()
      .default(false)
      .describe("Submit again although this session already submitted (otherwise 409)."),
  })
  .meta({ id: "WebSubmitRequest" });

export const WebSubmitResponse = z
  .object({
    session_id: z.string(),
    url: z.string().describe("Where the submit led."),
    title: z.string(),
    status: z
      .number()
      .int()
      .nullable()
      .describe("HTTP status of the page the submit led to; null when it stayed on the page."),
    navigated: z.boolean(),
    button: z.object({ ref: z.string(), label: z.string() }),
    screenshot: Screenshot,
  })
  .meta({ id: "WebSubmitResponse" });

export const WebFillRequest = z
  .object({
    url: Url.optional(),
    session_id: SessionId.optional(),
    batch_id: z.string().optional().describe("Fill from every document of this batch."),
    document_ids: z
      .array(z.string())
      .max(20)
      .optional()
      .describe("Fill from these documents (of the caller's batches)."),
    instructions: z.string().max(4000).optional(),
    values: z
      .record(z.string(), z.union([z.string(), z.boolean()]))
      .optional()
      .describe("Explicit values by field ref, name or label; they win over documents."),
    submit: z
      .boolean()
      .default(false)
      .describe("Click submit at the end; by default the fill stops before submitting."),
    max_steps: z.number().int().min(1).max(200).default(60).describe("At most this many field actions."),
  })
  .refine(urlOrSession, urlOrSessionMessage)
  .meta({ id: "WebFillRequest" });

export const WebSessionParams = z.object({ session_id: SessionId });
export const WebSessionClosedResponse = z
  .object({ session_id: z.string(), closed: z.literal(true) })
  .meta({ id: "WebSessionClosedResponse" });

export const UploadUrlForm = z
  .object({
    url: Url,
    batch_name: z.string().max(200).optional(),
  })
  .meta({ id: "Body_upload_url" });
