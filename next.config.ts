import { execSync } from "node:child_process";
import type { NextConfig } from "next";

function gitCommit(): string {
  try {
    return execSync("git rev-parse --short=12 HEAD", { stdio: ["ignore", "pipe", "ignore"] }).toString().trim();
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
};

export default nextConfig;
