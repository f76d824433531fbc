import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { encode as encodeSessionToken } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuthSecret } from "@/lib/crypto/auth-secret";
import { resetConfigForTests, setConfigForTests } from "@/lib/config";
import type { Db } from "@/lib/db";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import type { RouteContract } from "@/lib/http";
import type { NextRouteHandler } from "@/lib/http/route";
import { createApiKey } from "@/lib/users/create-api-key";
import { listRouteContracts } from "@/lib/openapi/contracts";

// Cross-site request forgery, generated from the route table: every state-changing /api operation a
// session cookie can call is tried from a foreign page, so a new route cannot forget the check.
const APP_URL = "http://127.0.0.1:3999";
const FOREIGN = "http://evil.example";
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Route files that are not built by the route kit and guard themselves: next-auth (its own CSRF token), Inngest (signed). */
const OUTSIDE_THE_KIT = new Set(["/api/auth/[...nextauth]", "/api/inngest"]);

const cookieRoutes = listRouteContracts().filter(
  (contract) =>
    STATE_CHANGING.has(contract.method) &&
    contract.surface === "api" &&
    contract.auth !== "none" &&
    contract.auth !== "api_key",
);

let temp: TestDatabase;
let db: Db;

beforeAll(async () => {
  setConfigForTests({ APP_URL });
  temp = await createTestDatabase({ serveGetDb: true });
  db = temp.db;
});
afterAll(async () => {
  await temp?.dispose();
  resetConfigForTests();
});

/** app/api route files by their OpenAPI path (/api/batch/{batch_id}) and folder path (/api/batch/[batch_id]). */
function routeFiles(
  dir = path.resolve("app/api"),
  prefix = "/api",
): { openApiPath: string; folderPath: string; file: string }[] {
  const found: { openApiPath: string; folderPath: string; file: string }[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...routeFiles(full, `${prefix}/${entry}`));
    else if (/^route\.tsx?$/.test(entry))
      found.push({ openApiPath: prefix.replace(/\[([^.\]]+)\]/g, "{$1}"), folderPath: prefix, file: full });
  }
  return found;
}

async function handlerFor(contract: RouteContract): Promise<NextRouteHandler> {
  const file = routeFiles().find((route) => route.openApiPath === contract.path);
  if (!file) throw new Error(`No route file serves ${contract.path}`);
  const routeModule = (await import(file.file)) as Record<string, NextRouteHandler>;
  return routeModule[contract.method];
}

async function sessionCookieFor(email: string): Promise<{ userId: string; cookie: string }> {
  const user = await db.user.create({ data: { email }, select: { id: true, tokenVersion: true } });
  const token = await encodeSessionToken({ token: { sub: user.id, ver: user.tokenVersion }, secret: getAuthSecret() });
  return { userId: user.id, cookie: `next-auth.session-token=${token}` };
}

function requestFor(
  contract: RouteContract,
  headers: Record<string, string>,
): { req: Request; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const url = contract.path.replace(
    /\{(\w+)\}/g,
    (_, name: string) => (params[name] = name.endsWith("number") ? "1" : "00000000-0000-4000-8000-000000000000"),
  );
  // What a foreign page can send without the browser asking permission: a form, or a text/plain body.
  const form = new FormData();
  form.set("name", "x");
  const body = contract.form ? { body: form } : { body: "{}", headers: { "content-type": "text/plain" } };
  const req = new Request(`${APP_URL}${url}`, {
    method: contract.method,
    body: body.body,
    headers: { ...body.headers, ...headers },
  });
  return { req, params };
}

describe("state-changing /api routes refuse the session cookie from a foreign page", () => {
  it("covers every route file: each state-changing export is a route-kit handler in the route table", async () => {
    const table = new Set(listRouteContracts().map((contract) => `${contract.method} ${contract.path}`));
    for (const route of routeFiles()) {
      if (OUTSIDE_THE_KIT.has(route.folderPath)) continue;
      const routeModule = (await import(route.file)) as Record<string, NextRouteHandler | undefined>;
      for (const method of STATE_CHANGING) {
        const contract = routeModule[method]?.contract;
        if (contract) expect(table.has(`${method} ${contract.path}`), `${method} ${contract.path}`).toBe(true);
      }
    }
    expect(cookieRoutes.length).toBeGreaterThan(20);
  });

  for (const contract of cookieRoutes) {
    it(`${contract.method} ${contract.path}`, async () => {
      const handler = await handlerFor(contract);
      const { userId, cookie } = await sessionCookieFor(`${contract.operationId.toLowerCase()}@example.com`);
      const before = await db.user.findUniqueOrThrow({
        where: { id: userId },
        select: { tokenVersion: true, _count: { select: { apiKeys: true } } },
      });

      const foreignPages: Record<string, string>[] = [
        { origin: FOREIGN },
        { origin: "null" },
        { "sec-fetch-site": "cross-site" },
        { "sec-fetch-site": "same-site", origin: "http://other.127.0.0.1:3999" },
        { referer: `${FOREIGN}/page` },
      ];
      for (const headers of foreignPages) {
        const { req, params } = requestFor(contract, { cookie, ...headers });
        const refused = await handler(req, { params: Promise.resolve(params) });
        expect(refused.status, JSON.stringify(headers)).toBe(403);
        expect((await refused.json()).detail).toMatch(/may not change data with this session/);
      }
      expect(
        await db.user.findUnique({
          where: { id: userId },
          select: { tokenVersion: true, _count: { select: { apiKeys: true } } },
        }),
      ).toEqual(before);

      // The same request from the app's own page passes the origin check (and meets the route's own rules).
      const own = requestFor(contract, { cookie, origin: APP_URL, "sec-fetch-site": "same-origin" });
      const ownResponse = await handler(own.req, { params: Promise.resolve(own.params) });
      expect(ownResponse.status).not.toBe(403);
      if (contract.body) expect(ownResponse.status).toBe(415);
    });
  }

  it("leaves API keys unaffected, whatever the Origin", async () => {
    const { userId } = await sessionCookieFor("key-holder@example.com");
    const { key } = await createApiKey({ db, userId, name: "script" });
    const contract = cookieRoutes.find(
      (candidate) => candidate.path === "/api/users/me/api-keys" && candidate.method === "POST",
    )!;
    const handler = await handlerFor(contract);
    const req = new Request(`${APP_URL}/api/users/me/api-keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, origin: FOREIGN, "content-type": "application/json" },
      body: JSON.stringify({ name: "from a script" }),
    });
    const response = await handler(req, { params: Promise.resolve({}) });
    expect(response.status).toBe(200);
  });
});
