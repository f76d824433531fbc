import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ADMIN_SECRET_HEADER } from "@/lib/admin/admin-secret";
import { withMallocSettings } from "../scripts/server-memory-env.mjs";

// The built app (`next build` output in .next) started for a benchmark the way `npm start` serves
// it, on a fresh embedded database in a temporary DATA_DIR, with debug logs captured so the bench
// can read the per-document stage timings, and with the allocator settings `npm start` gives it.
// Its resident memory (with any child process) is sampled.

export interface BenchServer {
  baseUrl: string;
  /** Every JSON log line the server printed so far. */
  logLines(): Array<Record<string, unknown>>;
  /** Highest resident memory (bytes) of the server's processes since the last reset. */
  peakRss(): number;
  resetPeakRss(): void;
  /** The operator secret of this server's DATA_DIR. */
  adminSecret: string;
  stop(): Promise<void>;
}

function processTreeRss(pid: number): number {
  let total = 0;
  const visit = (id: number) => {
    try {
      const status = readFileSync(`/proc/${id}/status`, "utf8");
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
      for (const task of readdirSync(`/proc/${id}/task`)) {
        const children = readFileSync(`/proc/${id}/task/${task}/children`, "utf8").trim();
        for (const child of children ? children.split(/\s+/) : []) visit(Number(child));
      }
    } catch {
      // The process ended between two reads.
    }
  };
  visit(pid);
  return total;
}

export async function startBenchServer(
  port: number,
  options: { cpuProfileDir?: string; env?: Record<string, string> } = {},
): Promise<BenchServer> {
  if (!existsSync(".next/BUILD_ID")) {
    throw new Error("No production build in .next: run `node node_modules/next/dist/bin/next build` first");
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "docsvc-bench-api-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const adminSecret = randomBytes(32).toString("base64url");
  writeFileSync(path.join(dataDir, "admin-secret"), adminSecret, { mode: 0o600 });
  const child: ChildProcess = spawn(
    process.execPath,
    ["node_modules/next/dist/bin/next", "start", "-p", String(port)],
    {
      env: withMallocSettings({
        ...process.env,
        NEXT_TELEMETRY_DISABLED: "1",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        APP_URL: baseUrl,
        LOG_LEVEL: "debug",
        ...options.env,
        NODE_OPTIONS: [
          `--import ${new URL("../scripts/stamp-peer-address.mjs", import.meta.url).href}`,
          // A CPU profile of the server (written when it stops), to see where a request's time goes.
          ...(options.cpuProfileDir ? [`--cpu-prof --cpu-prof-dir=${options.cpuProfileDir}`] : []),
        ].join(" "),
      }),
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const lines: Array<Record<string, unknown>> = [];
  let pending = "";
  child.stdout!.on("data", (chunk: Buffer) => {
    pending += chunk.toString();
    const complete = pending.split("\n");
    pending = complete.pop() ?? "";
    for (const line of complete) {
      if (!line.startsWith("{")) continue;
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        // Not one of the app's structured lines.
      }
    }
  });
  child.stderr!.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, processTreeRss(child.pid!))), 100);

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The app exited with code ${child.exitCode}`);
    const ready = await fetch(`${baseUrl}/debug-version`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error("The app did not answer within 2 minutes");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    adminSecret,
    logLines: () => lines,
    peakRss: () => peak,
    resetPeakRss: () => (peak = processTreeRss(child.pid!)),
    async stop() {
      clearInterval(sampler);
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new user on the Scale tier (200 pages per upload), changed through the operator endpoint as `npm run user:tier` does. */
export async function scaleUser(server: BenchServer): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const registered = await fetch(`${server.baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "a sensible passphrase for the bench" }),
  });
  if (!registered.ok) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  const { access_token: token } = (await registered.json()) as { access_token: string };
  const tier = await fetch(`${server.baseUrl}/api/admin/user-tier`, {
    method: "POST",
    headers: { "content-type": "application/json", [ADMIN_SECRET_HEADER]: server.adminSecret },
    body: JSON.stringify({ email, tier: "scale" }),
  });
  if (!tier.ok) throw new Error(`user tier: ${tier.status} ${await tier.text()}`);
  return token;
}
