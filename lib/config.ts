import { z } from "zod";

// The one place that reads process.env. Every default makes the embedded mode work with nothing set.
const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((value) => value === "1" || value === "true" || value === "yes");

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== "" ? value.trim() : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /// Where embedded state lives: PGlite database, local blobs, the generated secret.
  DATA_DIR: z.string().default(".data"),
  /// postgres://… selects PostgreSQL; unset selects the embedded PGlite database in DATA_DIR/pglite.
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
      .optional(),
  ),
  /// A PostgreSQL server for tests: each test file gets a fresh database created there (lib/db/testing.ts).
  TEST_DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "TEST_DATABASE_URL must be a postgres:// URL")
      .optional(),
  ),
  /// The port the server listens on (`npm start` reads it too); the default APP_URL uses it.
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /// Public base address of the app, used in links in emails and in the portal's curl examples.
  /// Unset: http://localhost:$PORT. Set it when users reach the app through another host or a proxy.
  APP_URL: optionalString.pipe(z.string().url().optional()),
  /// Further origins (comma-separated, e.g. https://app.example.com) whose pages may send cookie-authenticated changes to /api.
  ALLOWED_ORIGINS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ""),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/ }))),
  /// Signs JWTs and encrypts stored third-party tokens. Generated and kept in DATA_DIR when unset.
  AUTH_SECRET: optionalString,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60),
  /// Selects the @vercel/blob driver; local disk in DATA_DIR/blobs otherwise.
  BLOB_READ_WRITE_TOKEN: optionalString,
  /// Access mode of the Vercel Blob store; must match the store. Documents belong in a private store.
  BLOB_ACCESS: z.enum(["private", "public"]).default("private"),
  /// Overrides the Vercel Blob API address (tests point it at a local stand-in).
  VERCEL_BLOB_API_URL: optionalString,
  /// Selects the S3-compatible store (AWS S3, MinIO, R2, Ceph) for blobs; it takes precedence over Vercel Blob.
  S3_BUCKET: optionalString,
  /// The store's address for anything but AWS itself (https://minio.internal:9000, an R2 account URL).
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /// The bucket's region; MinIO and R2 accept any ("auto" for R2).
  S3_REGION: optionalString,
  /// Credentials; unset falls back to AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY and the SDK's usual chain.
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /// Path-style addresses (endpoint/bucket/key) instead of bucket.endpoint; MinIO and s3rver need it.
  S3_FORCE_PATH_STYLE: flag,
  AWS_REGION: optionalString,
  AWS_ACCESS_KEY_ID: optionalString,
  AWS_SECRET_ACCESS_KEY: optionalString,
  /// Either selects Inngest for background work; otherwise the in-process executor runs it.
  INNGEST_EVENT_KEY: optionalString,
  INNGEST_SIGNING_KEY: optionalString,
  INNGEST_DEV: optionalString,
  INNGEST_BASE_URL: optionalString,
  /// Concurrent background runs in the in-process executor.
  JOB_CONCURRENCY: z.coerce.number().int().positive().default(4),
  /// Minutes a batch document may stay queued or processing before POST /api/batch/{id}/retry treats it as stuck.
  BATCH_STUCK_AFTER_MINUTES: z.coerce.number().positive().default(15),
  /// A remote OCR service replacing the local tesseract.js engine (JSON contract in README).
  OCR_SERVICE_URL: optionalString,
  /// Tesseract languages, joined with +; each needs its @tesseract.js-data/<lang> package installed.
  OCR_LANGUAGES: z.string().default("eng"),
  /// Local OCR engine: native `tesseract` when on PATH (auto), always (native) or never (wasm, tesseract.js).
  OCR_ENGINE: z.enum(["auto", "native", "wasm"]).default("auto"),
  /// Lines tesseract reads unsurely are read again by PP-OCR's line recogniser (on) or not (off).
  OCR_LINE_REREAD: z.enum(["on", "off"]).default("on"),
  /// The native tesseract binary (found on PATH when unset).
  TESSERACT_PATH: optionalString,
  /// Local OCR workers; defaults to the number of CPU cores.
  OCR_WORKERS: z.coerce.number().int().positive().optional(),
  /// Seconds one OCR pass of one page may take before its worker is stopped and the page fails.
  OCR_PAGE_TIMEOUT_SECONDS: z.coerce.number().positive().default(120),
  /// AI provider for structuring, mapping and chat: openai | anthropic | openai-compatible.
  AI_PROVIDER: z.enum(["openai", "anthropic", "openai-compatible"]).optional(),
  AI_MODEL: optionalString,
  AI_API_KEY: optionalString,
  AI_BASE_URL: optionalString,
  /// Embedding model for chat's search (semantic ranking beside BM25): default text-embedding-3-small for
  /// openai; required for openai-compatible; anthropic has none, so chat search stays lexical there.
  AI_EMBEDDING_MODEL: optionalString,
  /// smtp://user:pass@host:port; unset keeps mail in the outbox table and the server log.
  SMTP_URL: optionalString,
  EMAIL_FROM: z.string().default("docsvc <no-reply@localhost>"),
  /// OpenID Connect identity provider (Google by default when a client id is set).
  OIDC_ISSUER: z.string().url().default("https://accounts.google.com"),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  /// Scopes asked of the identity provider: sign-in plus the calendar grant the app stores.
  OIDC_SCOPES: z.string().default("openid email profile https://www.googleapis.com/auth/calendar.readonly"),
  /// Shows /dev/outbox (every email the app wrote, with its links) outside development. Tests only:
  /// anyone could read password reset links there.
  DEV_OUTBOX: flag,
  /// Token endpoint for cloud drive connections (Google's by default).
  CLOUD_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  /// Where the browser asks the person to allow docsvc to read their drive (Google's consent screen by default).
  CLOUD_AUTHORIZE_URL: z.string().url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  /// Google Drive API v3's base address (a stand-in that speaks the same protocol in tests).
  DRIVE_API_URL: z.string().url().default("https://www.googleapis.com"),
  /// Lets webhooks and web pages reach private, loopback and link-local addresses (tests, intranets).
  ALLOW_PRIVATE_NETWORK: flag,
  /// Chromium for web pages (POST /api/batch/url and the web-* operations); Debian package "chromium".
  CHROMIUM_PATH: z.string().default("/usr/bin/chromium"),
  /// Web sessions (browser contexts) open at once; one more answers 429 with Retry-After.
  WEB_MAX_SESSIONS: z.coerce.number().int().positive().default(4),
  /// Web sessions one signed-in user may hold at once (below WEB_MAX_SESSIONS); at the cap a new one
  /// closes that user's oldest idle session. Unset: half the pool, at least 1.
  WEB_SESSIONS_PER_USER: z.coerce.number().int().positive().optional(),
  /// This instance's address as the other instances reach it, when several share one PostgreSQL
  /// database: a web-session call that reaches the wrong instance is forwarded here. Unset: http://127.0.0.1:$PORT.
  INSTANCE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  /// Seconds a web session stays open after its last use before it is closed.
  WEB_SESSION_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  /// Seconds one navigation (and its wait for network idle) may take.
  WEB_NAVIGATION_TIMEOUT_SECONDS: z.coerce.number().positive().default(20),
  /// Bytes one web session may download in all (pages, scripts, images) before further requests are refused.
  WEB_MAX_SESSION_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /// Server log detail: debug adds the OCR engine's own messages; info (default) one line per request
  /// and per page or document state change; warn and error only problems.
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /// Reverse proxies whose X-Forwarded-For is believed: comma-separated addresses or CIDR ranges
  /// (e.g. "127.0.0.1,10.0.0.0/8"). Unset: none, the client's address is the connection's peer.
  TRUSTED_PROXIES: optionalString,
  /// Redis for rate limits across instances; the database is used otherwise.
  REDIS_URL: optionalString,
  /// Tests only: the Redis server the rate limiter's Redis backend is tested against (default redis://127.0.0.1:6379; skipped when unreachable).
  TEST_REDIS_URL: optionalString,
  /// LibreOffice binary for legacy office formats; found on PATH when unset.
  SOFFICE_PATH: optionalString,
  /// Reported by /debug-version.
  GIT_COMMIT: optionalString,
  BUILD_VERSION: optionalString,
});

const ConfigSchema = EnvSchema.transform((env) => ({
  ...env,
  APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
  /** False when APP_URL is the default: the app's origin is then the address each request came to. */
  APP_URL_SET: env.APP_URL !== undefined,
}));

export type Config = z.infer<typeof ConfigSchema>;

let cached: Config | undefined;

/** The parsed configuration; throws a readable error naming each bad variable. */
export function getConfig(): Config {
  if (cached) return cached;
  const parsed = ConfigSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  cached = parsed.data;
  return cached;
}

/** Forget the parsed configuration (tests change process.env between cases). */
export function resetConfigForTests(): void {
  cached = undefined;
}

/**
 * Tests only: getConfig() answers the environment's configuration with `overrides` on top, parsed as the
 * environment is, until reset; process.env itself is left alone.
 */
export function setConfigForTests(overrides: Partial<Record<keyof Config, string>>): void {
  cached = ConfigSchema.parse({ ...process.env, ...overrides });
}

/** Facts fixed when the app was built (next.config.ts inlines them); unknown when run unbuilt. */
export function buildInfo(): { gitCommit: string; builtAt: string | null; version: string } {
  const config = getConfig();
  return {
    gitCommit: config.GIT_COMMIT ?? process.env.DOCSVC_BUILD_COMMIT ?? "unknown",
    builtAt: process.env.DOCSVC_BUILD_TIME ?? null,
    version: config.BUILD_VERSION ?? process.env.npm_package_version ?? "0.1.0",
  };
}
