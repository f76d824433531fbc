// Playwright's webServer: the built app on a fresh database. Embedded PGlite in a new temp
// DATA_DIR by default; with TEST_DATABASE_URL, a new PostgreSQL database on that server, migrated.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { nextStartArgs } from "./next-start-args.mjs";
import { withMallocSettings } from "./server-memory-env.mjs";

const dataDir = mkdtempSync(join(tmpdir(), "docsvc-e2e-"));
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: "1",
  DATA_DIR: dataDir,
  ALLOW_PRIVATE_NETWORK: "1",
  APP_URL: `http://127.0.0.1:${process.env.PORT ?? "3100"}`,
  // The suites stand behind a "proxy" on loopback: their X-Forwarded-For gives each test its own address.
  TRUSTED_PROXIES: process.env.TRUSTED_PROXIES ?? "127.0.0.1,::1",
  NODE_OPTIONS:
    `${process.env.NODE_OPTIONS ?? ""} --import ${new URL("./stamp-peer-address.mjs", import.meta.url).href}`.trim(),
};

if (process.env.TEST_DATABASE_URL) {
  const serverUrl = new URL(process.env.TEST_DATABASE_URL);
  const databaseName = `docsvc_e2e_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${databaseName}"`);
  await admin.end();
  serverUrl.pathname = `/${databaseName}`;
  env.DATABASE_URL = serverUrl.toString();
  // Production rules apply with PostgreSQL: instances must share a configured secret.
  env.AUTH_SECRET ??= randomBytes(48).toString("base64");
  console.log(`serve-test: PostgreSQL database ${databaseName}`);
  const migrate = spawnSync("npm", ["run", "db:migrate"], { stdio: "inherit", env });
  if (migrate.status !== 0) process.exit(migrate.status ?? 1);
} else {
  delete env.DATABASE_URL;
  console.log(`serve-test: embedded database in ${dataDir}`);
}

const server = spawn(process.execPath, nextStartArgs(process.env.PORT ?? "3100"), {
  stdio: "inherit",
  env: withMallocSettings(env),
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
