import dgram from "node:dgram";
import type { AddressInfo } from "node:net";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getConfig, resetConfigForTests } from "@/lib/config";
import { withWebSession } from "./acquire-web-session";
import { closeBrowser } from "./browser";
import { navigatePage } from "./navigate-page";
import { startFormSite, HUGE_PAGE_BYTES, type FormSite } from "./testing/form-site";
import { closeAllWebSessions, openWebSession, webSessionCounts } from "./web-sessions";

// The bad input and limits that need a real browser: a page larger than a session may
// download, a page that never finishes loading, one whose network never goes idle, and WebRTC.
let site: FormSite;

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_NETWORK = "1";
  resetConfigForTests();
  site = await startFormSite();
});

afterAll(async () => {
  await closeAllWebSessions();
  await closeBrowser();
  await site.close();
  delete process.env.WEB_NAVIGATION_TIMEOUT_SECONDS;
  resetConfigForTests();
});

describe("pages that would hold a session", () => {
  it("refuses a 60 MB page with a clear 413 as soon as 50 MB arrived, and frees the session", async () => {
    // Chromium parses some 5 MB a second on a busy machine: the time limit must not answer first.
    process.env.WEB_NAVIGATION_TIMEOUT_SECONDS = "120";
    resetConfigForTests();
    expect(HUGE_PAGE_BYTES).toBeGreaterThan(getConfig().WEB_MAX_SESSION_BYTES);
    const refused = await withWebSession({ ownerId: "limits", url: `${site.origin}/huge` }, async () => null).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ status: 413, message: expect.stringContaining("50 MB") });
    expect(webSessionCounts().open).toBe(0);
  });

  it("answers 504 for a page that never finishes loading and frees the session", async () => {
    process.env.WEB_NAVIGATION_TIMEOUT_SECONDS = "3";
    resetConfigForTests();
    const refused = await withWebSession({ ownerId: "limits", url: `${site.origin}/never` }, async () => null).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ status: 504, message: expect.stringContaining("within 3 s") });
    expect(webSessionCounts().open).toBe(0);
  });

  it("uses a page whose network never goes idle as it is after the bounded wait", async () => {
    const session = await openWebSession({ ownerId: "limits" });
    const navigation = await navigatePage(session, `${site.origin}/busy`);
    expect(navigation).toMatchObject({ title: "Busy", status: 200, networkIdle: false });
  });
});

describe("WebRTC", () => {
  /** A UDP listener standing in for a STUN server: every datagram a browser sends it is counted. */
  async function udpListener(): Promise<{ port: number; received: () => number; close: () => Promise<void> }> {
    const socket = dgram.createSocket("udp4");
    let count = 0;
    socket.on("message", () => (count += 1));
    await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
    return {
      port: (socket.address() as AddressInfo).port,
      received: () => count,
      close: () => new Promise((resolve) => socket.close(() => resolve())),
    };
  }

  it("sends no UDP around the proxy, where a browser without the flags does", async () => {
    const stun = await udpListener();
    try {
      const url = `${site.origin}/webrtc?stun=127.0.0.1:${stun.port}`;
      // The control: the same page in a browser without the flags asks the STUN server over UDP.
      const plain = await chromium.launch({ executablePath: getConfig().CHROMIUM_PATH, args: ["--no-sandbox"] });
      try {
        const page = await plain.newPage();
        await page.goto(url);
        await expect.poll(() => stun.received()).toBeGreaterThan(0);
      } finally {
        await plain.close();
      }
      const unguarded = stun.received();

      const session = await openWebSession({ ownerId: "limits" });
      await navigatePage(session, url);
      await session.page.waitForFunction(() => document.title.startsWith("gathered"));
      const candidates = JSON.parse((await session.page.title()).slice("gathered ".length)) as string[];
      expect(candidates.filter((candidate) => / udp /i.test(candidate))).toEqual([]);
      expect(stun.received()).toBe(unguarded);
    } finally {
      await stun.close();
    }
  });
});
