import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { guardedLookup } from "@/lib/net/ssrf-guard";
import { closeBrowser } from "./browser";
import { navigatePage } from "./navigate-page";
import { resolveWithLookup, type ResolveHost } from "./outbound-proxy";
import { startFormSite, type FormSite } from "./testing/form-site";
import { closeAllWebSessions, openWebSession } from "./web-sessions";

// The guard is ON (private networks refused). One name, site.test, is allowed explicitly and resolves
// to the local test site; its pages point at the same server by its loopback address, which the guard
// must refuse on every path: a redirect hop, an iframe, a fetch.
let site: FormSite;
let siteOrigin: string;
const guarded = resolveWithLookup(guardedLookup);
const resolveHost: ResolveHost = (host) =>
  host === "site.test" ? Promise.resolve({ address: "127.0.0.1", family: 4 }) : guarded(host);

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_NETWORK = "0";
  resetConfigForTests();
  site = await startFormSite();
  siteOrigin = `http://site.test:${site.port}`;
});

afterAll(async () => {
  await closeAllWebSessions();
  await closeBrowser();
  await site.close();
  process.env.ALLOW_PRIVATE_NETWORK = "1";
  resetConfigForTests();
});

describe("the browser's outbound guard", () => {
  it("loads the allowed host through the proxy", async () => {
    const session = await openWebSession({ ownerId: "guard", resolveHost });
    const navigation = await navigatePage(session, `${siteOrigin}/form`);
    expect(navigation).toMatchObject({ title: "Invoice intake", status: 200 });
    expect(session.proxy.receivedBytes()).toBeGreaterThan(1000);
  });

  it("refuses a page whose redirect leads to a refused address", async () => {
    const session = await openWebSession({ ownerId: "guard", resolveHost });
    await expect(navigatePage(session, `${siteOrigin}/guard-redirect`)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("loopback"),
    });
    expect(site.secretHits).toEqual([]);
  });

  it("blocks an iframe and a fetch to a refused address", async () => {
    const session = await openWebSession({ ownerId: "guard", resolveHost });
    const framed = await navigatePage(session, `${siteOrigin}/guard-frame`);
    expect(framed.blocked.map((refusal) => refusal.target)).toContain(site.origin);
    const fetched = await navigatePage(session, `${siteOrigin}/guard-fetch`);
    await session.page.waitForFunction(() => document.title !== "Fetch");
    expect(await session.page.title()).toBe("blocked");
    expect(fetched.blocked.map((refusal) => refusal.target)).toContain(site.origin);
    expect(site.secretHits).toEqual([]);
  });

  it("refuses loopback names and literals as the first URL", async () => {
    const session = await openWebSession({ ownerId: "guard", resolveHost });
    for (const url of [`${site.origin}/form`, `http://localhost:${site.port}/form`]) {
      await expect(navigatePage(session, url)).rejects.toMatchObject({ status: 400 });
    }
    expect(site.secretHits).toEqual([]);
  });
});
