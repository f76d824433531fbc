import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { blockedAddressReason, embeddedIpv4 } from "./ip-ranges";
import { OutboundTimeoutError, safeFetch } from "./safe-fetch";
import { assertPublicUrl, guardedLookup, UnsafeUrlError } from "./ssrf-guard";

function allowPrivateNetwork(allowed: boolean) {
  process.env.ALLOW_PRIVATE_NETWORK = allowed ? "1" : "0";
  resetConfigForTests();
}

describe("blockedAddressReason", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.1.2", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local (cloud metadata)"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["100.100.100.200", "carrier-grade NAT"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved and broadcast"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link-local"],
    ["fd00:ec2::254", "unique local (includes AWS metadata fd00:ec2::254)"],
    ["fc00::1", "unique local (includes AWS metadata fd00:ec2::254)"],
    ["ff02::1", "multicast"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:a9fe:a9fe", "link-local (cloud metadata)"],
    ["64:ff9b::10.0.0.1", "private"],
  ])("refuses %s (%s)", (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
  });

  it.each(["8.8.8.8", "93.184.215.14", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "allows public %s",
    (address) => {
      expect(blockedAddressReason(address)).toBeNull();
    },
  );

  it("reads the IPv4 address inside IPv6 notations", () => {
    expect(embeddedIpv4("::ffff:c0a8:101")).toBe("192.168.1.1");
    expect(embeddedIpv4("::ffff:192.168.1.1")).toBe("192.168.1.1");
    expect(embeddedIpv4("2001:4860::1")).toBeNull();
  });
});

describe("assertPublicUrl", () => {
  beforeEach(() => allowPrivateNetwork(false));
  afterAll(() => allowPrivateNetwork(true));

  it.each([
    "http://localhost/hook",
    "http://127.1/",
    "http://0x7f000001/",
    "http://2130706433/",
    "http://[::1]:8080/",
    "http://[::ffff:127.0.0.1]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://10.0.0.5/",
    "https://192.168.0.10/",
  ])("refuses %s", async (url) => {
    await expect(assertPublicUrl(url)).rejects.toBeInstanceOf(UnsafeUrlError);
  });

  it.each(["ftp://example.com/", "file:///etc/passwd", "gopher://x/", "not a url", "http://user:pw@8.8.8.8/"])(
    "refuses %s",
    async (url) => {
      await expect(assertPublicUrl(url)).rejects.toBeInstanceOf(UnsafeUrlError);
    },
  );

  it("accepts a public address literal without resolving it", async () => {
    const checked = await assertPublicUrl("https://93.184.215.14/hook");
    expect(checked.addresses).toEqual([{ address: "93.184.215.14", family: 4 }]);
  });

  it("is a 400 AppError", async () => {
    const error = await assertPublicUrl("http://127.0.0.1/").catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: "bad_request", status: 400 });
  });

  it("lets private addresses through when the operator allows them", async () => {
    allowPrivateNetwork(true);
    await expect(assertPublicUrl("http://127.0.0.1:9/")).resolves.toMatchObject({
      addresses: [{ address: "127.0.0.1" }],
    });
  });

  it("checks the connection's own lookup (DNS rebinding)", async () => {
    const error = await new Promise<unknown>((resolve) =>
      guardedLookup("localhost", { all: true }, (failure) => resolve(failure)),
    );
    expect(error).toBeInstanceOf(UnsafeUrlError);
  });
});

describe("safeFetch", () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === "/redirect") {
        res.writeHead(302, { location: "http://169.254.169.254/" }).end();
      } else if (req.url === "/slow") {
        setTimeout(() => res.end("late"), 2_000);
      } else {
        let body = "";
        req.on("data", (chunk: Buffer) => (body += chunk.toString()));
        req.on("end", () =>
          res
            .writeHead(200, { "content-type": "application/json" })
            .end(JSON.stringify({ method: req.method, body, sig: req.headers["x-sig"] })),
        );
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => allowPrivateNetwork(true));

  it("sends the method, headers and body and returns a Response", async () => {
    const response = await safeFetch(
      `${base}/echo`,
      { method: "POST", headers: { "x-sig": "abc" }, body: "hello" },
      { timeoutMs: 2_000 },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ method: "POST", body: "hello", sig: "abc" });
  });

  it("does not follow redirects", async () => {
    const response = await safeFetch(`${base}/redirect`, {}, { timeoutMs: 2_000 });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://169.254.169.254/");
  });

  it("gives up after the timeout", async () => {
    const started = Date.now();
    await expect(safeFetch(`${base}/slow`, {}, { timeoutMs: 300 })).rejects.toBeInstanceOf(OutboundTimeoutError);
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("refuses a loopback receiver when private networks are not allowed", async () => {
    allowPrivateNetwork(false);
    await expect(safeFetch(`${base}/echo`, {}, { timeoutMs: 2_000 })).rejects.toBeInstanceOf(UnsafeUrlError);
    await expect(
      safeFetch(base.replace("127.0.0.1", "localhost") + "/echo", {}, { timeoutMs: 2_000 }),
    ).rejects.toBeInstanceOf(UnsafeUrlError);
  });
});
