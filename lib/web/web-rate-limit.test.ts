import { describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER } from "@/lib/auth/client-address";
import type { Caller } from "@/lib/contracts/caller";
import type { RouteContract } from "@/lib/contracts/contract";
import type { RateLimitStore } from "@/lib/rate-limit/types";
import { getConfig } from "@/lib/config";
import { userWebShare, webOwnerOf } from "./web-caller";
import { ANONYMOUS_WEB_CALLS_PER_MINUTE, createWebRateLimitHook } from "./web-rate-limit";
import { webPreviewRoute } from "./web.contract";

/** Counts per key and ignores the window, so the test never straddles a minute boundary. */
function countingStore(): RateLimitStore & { counts: Map<string, number> } {
  const counts = new Map<string, number>();
  return {
    counts,
    increment: async (key) => {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return counts.get(key)!;
    },
  };
}

const from = (address: string) =>
  new Request("http://app.test/api/batch/web-preview", { method: "POST", headers: { [PEER_ADDRESS_HEADER]: address } });
const anonymous: Caller = { kind: "anonymous" };
const guest: Caller = { kind: "guest", guestSessionId: "g-1" };
const user = {
  kind: "user",
  via: "jwt",
  user: {
    id: "u-1",
    email: "u@example.com",
    name: null,
    tier: "free",
    tokenVersion: 0,
    emailVerifiedAt: null,
    createdAt: new Date(),
  },
} as const satisfies Caller;
const contract = webPreviewRoute as RouteContract;

describe("web operations without signing in", () => {
  it("are open to anonymous callers and guests, limited per client address; signed-in users are not limited here", async () => {
    expect(webPreviewRoute.auth).toBe("optional");
    const store = countingStore();
    const hook = createWebRateLimitHook({ getStore: async () => store });
    for (let call = 1; call <= ANONYMOUS_WEB_CALLS_PER_MINUTE; call += 1) {
      const caller = call % 2 ? anonymous : guest;
      expect(await hook({ req: from("198.51.100.4"), caller, contract })).toMatchObject({
        "X-RateLimit-Limit": String(ANONYMOUS_WEB_CALLS_PER_MINUTE),
      });
    }
    // A guest session does not buy a second allowance from the same address.
    await expect(hook({ req: from("198.51.100.4"), caller: guest, contract })).rejects.toMatchObject({
      status: 429,
      headers: expect.objectContaining({ "Retry-After": expect.any(String) }),
    });
    await expect(hook({ req: from("198.51.100.5"), caller: anonymous, contract })).resolves.toBeDefined();
    expect(await hook({ req: from("198.51.100.4"), caller: user, contract })).toBeUndefined();
    expect([...store.counts.keys()]).toEqual(["web:ip:198.51.100.4", "web:ip:198.51.100.5"]);
  });

  it("own sessions by user, guest session or address, and only users attach documents", () => {
    // A signed-in user also gets a fair share of the pool (half of it by default).
    expect(webOwnerOf(user, from("198.51.100.4"))).toEqual({ ownerId: "u-1", userId: "u-1", share: userWebShare() });
    expect(userWebShare()).toBeLessThan(getConfig().WEB_MAX_SESSIONS);
    expect(webOwnerOf(guest, from("198.51.100.4"))).toEqual({ ownerId: "guest:g-1", maxSessions: 1 });
    expect(webOwnerOf(anonymous, from("198.51.100.4"))).toEqual({ ownerId: "address:198.51.100.4", maxSessions: 1 });
  });
});
