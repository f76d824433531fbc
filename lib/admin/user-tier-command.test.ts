import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST } from "@/app/api/admin/user-tier/route";
import { getConfig, resetConfigForTests, setConfigForTests } from "@/lib/config";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { ADMIN_SECRET_HEADER } from "./admin-secret";

// This process holds the embedded database (as the running app would), and serves the operator
// endpoint; the command runs as a separate process, as an operator would run it.

let database: TestDatabase;
let dataDir: string;
let server: http.Server;
let appUrl: string;

beforeAll(async () => {
  // The operator endpoint keeps its secret in DATA_DIR/admin-secret, where the command reads it.
  dataDir = mkdtempSync(path.join(tmpdir(), "docsvc-user-tier-"));
  setConfigForTests({ DATA_DIR: dataDir });
  database = await createTestDatabase({ serveGetDb: true });
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers(
      Object.entries(req.headers).map(([name, value]): [string, string] => [name, String(value)]),
    );
    const response = await POST(
      new Request(`http://127.0.0.1${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) }),
      { params: Promise.resolve({}) },
    );
    res.writeHead(response.status, { "content-type": "application/json" });
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.close();
  await database?.dispose();
  resetConfigForTests();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function userTier(...args: string[]) {
  const env = { ...process.env, DATA_DIR: getConfig().DATA_DIR, APP_URL: appUrl };
  return promisify(execFile)("npm", ["run", "--silent", "user:tier", "--", ...args], { env, timeout: 120_000 });
}

describe("npm run user:tier while the app runs", () => {
  it("changes and shows a tier through the operator endpoint, authorised by DATA_DIR/admin-secret", async () => {
    const db = database.db;
    await db.user.create({ data: { email: "operator-target@example.com" } });
    const changed = await userTier("operator-target@example.com", "growth");
    expect(changed.stdout.trim()).toBe("operator-target@example.com: free -> growth (2,500,000 tokens a month)");
    expect((await db.user.findUniqueOrThrow({ where: { email: "operator-target@example.com" } })).tier).toBe("growth");
    expect((await userTier("operator-target@example.com")).stdout.trim()).toBe(
      "operator-target@example.com: growth (2,500,000 tokens a month)",
    );
  }, 180_000);

  it("refuses the endpoint without the secret", async () => {
    for (const secret of [undefined, "wrong"]) {
      const response = await fetch(`${appUrl}/api/admin/user-tier`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(secret ? { [ADMIN_SECRET_HEADER]: secret } : {}) },
        body: JSON.stringify({ email: "operator-target@example.com", tier: "scale" }),
      });
      expect(response.status).toBe(403);
    }
    expect((await database.db.user.findUniqueOrThrow({ where: { email: "operator-target@example.com" } })).tier).toBe(
      "growth",
    );
  });
});
