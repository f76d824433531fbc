import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { closeBrowser } from "./browser";
import {
  closeAllWebSessions,
  closeExpiredWebSessions,
  closeWebSession,
  getWebSessionOrThrow,
  openWebSession,
  workInWebSession,
  webSessionCounts,
  type WebSession,
} from "./web-sessions";

beforeAll(() => {
  process.env.WEB_MAX_SESSIONS = "2";
  process.env.WEB_SESSION_TTL_SECONDS = "300";
  resetConfigForTests();
});

afterAll(async () => {
  await closeAllWebSessions();
  await closeBrowser();
  delete process.env.WEB_MAX_SESSIONS;
  resetConfigForTests();
});

/** Chromium processes started by this test process (children of the Playwright driver or of us). */
function chromiumChildren(): string[] {
  const table = execFileSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" }).trim().split("\n");
  const rows = table.map((line) => line.trim().split(/\s+/, 3));
  const descendants = new Set([String(process.pid)]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (descendants.has(ppid) && !descendants.has(pid)) {
        descendants.add(pid);
        grew = true;
      }
    }
  }
  return rows.filter(([pid, , args]) => descendants.has(pid) && /chrom/i.test(args ?? "")).map(([pid]) => pid);
}

describe("web sessions", () => {
  it("belong to their owner, are bounded by the pool, expire, and leave no browser behind", async () => {
    const start = 1_000_000;
    const first = await openWebSession({ ownerId: "alice", now: start });
    expect(getWebSessionOrThrow("alice", first.id, start).id).toBe(first.id);
    expect(() => getWebSessionOrThrow("bob", first.id, start)).toThrow(expect.objectContaining({ status: 404 }));

    await openWebSession({ ownerId: "bob", now: start + 60_000 });
    const refused = await openWebSession({ ownerId: "carol", now: start + 60_000 }).catch((error: unknown) => error);
    // The first session expires 300 s after its last use at `start`: 240 s from now.
    expect(refused).toMatchObject({ status: 429, headers: { "Retry-After": "240" } });
    expect(webSessionCounts()).toEqual({ open: 2, max: 2 });
    expect(chromiumChildren().length).toBeGreaterThan(0);

    expect(await closeExpiredWebSessions(start + 300_000)).toBe(1);
    expect(() => getWebSessionOrThrow("alice", first.id, start + 300_000)).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    expect(webSessionCounts().open).toBe(1);

    await closeAllWebSessions();
    await closeBrowser();
    expect(webSessionCounts().open).toBe(0);
    expect(chromiumChildren()).toEqual([]);
  });

  it("hold an anonymous owner to its own limit while other owners still open sessions", async () => {
    const start = 2_000_000;
    const first = await openWebSession({ ownerId: "address:192.0.2.7", maxSessions: 1, now: start });
    const second = await openWebSession({ ownerId: "address:192.0.2.7", maxSessions: 1, now: start + 100_000 }).catch(
      (error: unknown) => error,
    );
    // Retry-After is when this owner's own session expires: 300 s after `start`, 200 s from now.
    expect(second).toMatchObject({ status: 429, headers: { "Retry-After": "200" } });
    expect(String((second as Error).message)).toContain("Without signing in, 1 web session at a time");
    const someoneElse = await openWebSession({ ownerId: "address:192.0.2.8", maxSessions: 1, now: start });
    expect(() => getWebSessionOrThrow("address:192.0.2.8", first.id, start)).toThrow(
      expect.objectContaining({ status: 404 }),
    );
    await closeWebSession(first);
    await closeWebSession(someoneElse);
    const again = await openWebSession({ ownerId: "address:192.0.2.7", maxSessions: 1, now: start + 100_000 });
    expect(getWebSessionOrThrow("address:192.0.2.7", again.id, start + 100_000).id).toBe(again.id);
    await closeAllWebSessions();
  });

  it("give each signed-in owner a fair share: at it, the owner's oldest idle session makes way, never a busy one", async () => {
    process.env.WEB_MAX_SESSIONS = "4";
    resetConfigForTests();
    try {
      // Real time: the sweeper closes sessions whose lifetime has passed by the clock.
      const start = Date.now();
      const alice: WebSession[] = [];
      for (let index = 0; index < 4; index += 1) {
        alice.push(await openWebSession({ ownerId: "alice", share: 2, now: start + index * 1000 }));
      }
      // Each new one closed the oldest: alice holds her two newest, and half the pool is left for others.
      expect(webSessionCounts().open).toBe(2);
      expect(() => getWebSessionOrThrow("alice", alice[0].id, start + 5000)).toThrow(
        expect.objectContaining({ status: 404 }),
      );
      expect(getWebSessionOrThrow("alice", alice[3].id, start + 5000).id).toBe(alice[3].id);
      const bob = await openWebSession({ ownerId: "bob", share: 2, now: start + 5000 });
      const carol = await openWebSession({ ownerId: "carol", share: 2, now: start + 5000 });
      expect(webSessionCounts().open).toBe(4);

      // Both of alice's sessions working: her next one waits instead of breaking one of them.
      let release!: () => void;
      const working = new Promise<void>((resolve) => (release = resolve));
      const calls = [alice[2], alice[3]].map((session) => workInWebSession(session, () => working));
      const refused = await openWebSession({ ownerId: "alice", share: 2, now: start + 6000 }).catch(
        (error: unknown) => error,
      );
      expect(refused).toMatchObject({ status: 429 });
      expect(String((refused as Error).message)).toContain("web sessions are all working");
      release();
      await Promise.all(calls);

      // A full pool: the asker gives up its own idle session rather than waiting for others'.
      await closeWebSession(carol);
      await openWebSession({ ownerId: "dave", share: 2, now: start + 7000 });
      const again = await openWebSession({ ownerId: "bob", share: 2, now: start + 8000 });
      expect(() => getWebSessionOrThrow("bob", bob.id, start + 8000)).toThrow(expect.objectContaining({ status: 404 }));
      expect(getWebSessionOrThrow("bob", again.id, start + 8000).id).toBe(again.id);
      expect(webSessionCounts().open).toBe(4);
    } finally {
      await closeAllWebSessions();
      process.env.WEB_MAX_SESSIONS = "2";
      resetConfigForTests();
    }
  });
});
