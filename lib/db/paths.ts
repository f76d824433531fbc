import path from "node:path";

// Resolved from the working directory (the app, scripts and tests all run from the repo root), never
// from import.meta.url, which the Next.js bundler rewrites.

export function schemaPath(): string {
  return path.join(process.cwd(), "prisma", "schema.prisma");
}

export function migrationsDir(): string {
  return path.join(process.cwd(), "prisma", "migrations");
}

export function schemaEngineWasmPath(): string {
  return path.join(process.cwd(), "node_modules", "@prisma", "schema-engine-wasm", "schema_engine_bg.wasm");
}
