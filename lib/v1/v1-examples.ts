// Example bodies for the OpenAPI document of the /v1 routes whose schemas live outside lib/v1.
// Shapes are checked against the schemas in jobs.test.ts, so an example cannot drift from the code.

const jobId = "7d1c7a52-3c1e-4b55-9a8e-2f7f4b8a9c11";

export const jobExample = {
  id: jobId,
  type: "extract",
  status: "completed",
  model: "docsvc-OCR-v1-2025-02",
  created_at: "2025-03-14T09:30:00.000Z",
  completed_at: "2025-03-14T09:30:04.120Z",
  result: {
    model: "docsvc-OCR-v1-2025-02",
    document_type: "invoice",
    language: "en",
    confidence: 0.97,
    fields: { invoice_number: "INV-1042", total: "1250.00" },
    tables: [],
    entities: [],
    pages_processed: 6,
    processing_time_ms: 3120,
    engine: "deterministic",
  },
};

export const processingJobExample = {
  id: jobId,
  type: "extract",
  status: "processing",
  model: "docsvc-OCR-v1-2025-02",
  created_at: "2025-03-14T09:30:00.000Z",
  completed_at: null,
  progress: { current: 2, total: 6, message: "Reading invoice.pdf" },
};

export const cancelledJobExample = {
  ...processingJobExample,
  status: "cancelled",
  completed_at: "2025-03-14T09:30:01.000Z",
  progress: undefined,
  error: { code: "cancelled", message: "Cancelled at the client's request" },
};

export const jobListExample = {
  data: [jobExample],
  has_more: true,
  next_cursor: "WyIyMDI1LTAzLTE0VDA5OjMwOjAwLjAwMFoiLCI3ZDFjN2E1MiJd",
};

export const webhookDeliveryExample = {
  id: "0b6f3d2e-8a4c-4f0e-9c1d-5e2a7b9c4d10",
  job_id: jobId,
  url: "https://example.com/hooks/docsvc",
  status: "delivered",
  created_at: "2025-03-14T09:30:04.200Z",
  completed_at: "2025-03-14T09:30:09.600Z",
  attempts: [
    { attempt: 1, status_code: 503, duration_ms: 120, error: "HTTP 503", created_at: "2025-03-14T09:30:04.210Z" },
    { attempt: 2, status_code: 200, duration_ms: 95, error: null, created_at: "2025-03-14T09:30:09.500Z" },
  ],
};

export const usageExample = {
  tier: "starter",
  billing_period: { start: "2025-03-01T00:00:00.000Z", end: "2025-04-01T00:00:00.000Z" },
  tokens: { allowance: 500000, used: 42000, remaining: 458000, used_by_api: 40000, used_by_app: 2000 },
  requests: { total: 12, by_status: { completed: 11, failed: 1 }, by_type: { extract: 12 } },
  documents: { processed: 14, pages: 36 },
  models: [
    { model: "docsvc-OCR-v1-2025-02", requests: 10, documents: 12, pages: 28, tokens: 28000 },
    { model: "docsvc-OCR-XL-v1-2025-02", requests: 2, documents: 2, pages: 6, tokens: 12000 },
  ],
  limits: { requests_per_minute: 30, max_pages_per_request: 50, max_file_size_bytes: 26214400 },
};

export const healthExample = {
  status: "ok",
  version: "0.1.0",
  checked_at: "2025-03-14T09:30:00.000Z",
  checks: {
    database: { status: "ok", latency_ms: 3, kind: "postgresql" },
    storage: { status: "ok", latency_ms: 5, kind: "local" },
    ocr: { status: "ok", latency_ms: 410, engine: "tesseract.js" },
    browser: { status: "ok", executable: "/usr/bin/chromium", running: true, sessions_open: 1, max_sessions: 4 },
  },
};
