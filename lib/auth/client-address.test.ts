import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { getClientAddress, PEER_ADDRESS_HEADER, trustedProxies } from "./client-address";

function request(headers: Record<string, string>): Request {
  return new Request("http://localhost/api/batch/guest-session", { headers });
}

describe("getClientAddress (probe finding 5)", () => {
  it("ignores a client-sent X-Forwarded-For when no proxy is trusted (the default)", () => {
    const none = trustedProxies("");
    expect(
      getClientAddress(request({ [PEER_ADDRESS_HEADER]: "198.51.100.7", "x-forwarded-for": "127.0.0.2" }), none),
    ).toBe("198.51.100.7");
    expect(
      getClientAddress(request({ [PEER_ADDRESS_HEADER]: "::ffff:198.51.100.7", "x-real-ip": "127.0.0.2" }), none),
    ).toBe("198.51.100.7");
    // Without the peer (the app not started through npm start) nothing is believed.
    expect(getClientAddress(request({ "x-forwarded-for": "127.0.0.2" }), none)).toBeUndefined();
  });

  it("believes X-Forwarded-For only from configured proxies, read from the right", () => {
    const proxies = trustedProxies("10.0.0.0/8, 192.0.2.1");
    const forwarded = (peer: string, chain: string) =>
      getClientAddress(request({ [PEER_ADDRESS_HEADER]: peer, "x-forwarded-for": chain }), proxies);
    expect(forwarded("10.1.2.3", "203.0.113.9")).toBe("203.0.113.9");
    // A client that prepends its own entry cannot hide behind it: the proxy appended the real one.
    expect(forwarded("10.1.2.3", "127.0.0.2, 203.0.113.9")).toBe("203.0.113.9");
    expect(forwarded("10.1.2.3", "127.0.0.2, 203.0.113.9, 192.0.2.1")).toBe("203.0.113.9");
    expect(forwarded("198.51.100.7", "203.0.113.9")).toBe("198.51.100.7");
    expect(forwarded("10.1.2.3", "not-an-address")).toBe("10.1.2.3");
    expect(() => trustedProxies("proxy.example")).toThrow(/TRUSTED_PROXIES/);
  });

  it("the start scripts' preload replaces a forged peer header with the connection's address", async () => {
    await import("../../scripts/stamp-peer-address.mjs");
    const server = http.createServer((req, res) => res.end(String(req.headers[PEER_ADDRESS_HEADER])));
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { [PEER_ADDRESS_HEADER]: "203.0.113.9", "x-forwarded-for": "203.0.113.9" },
      });
      expect(await answer.text()).toBe("127.0.0.1");
    } finally {
      server.close();
    }
  });
});
