import http from "node:http";
import net, { type AddressInfo, type LookupFunction } from "node:net";
import type { Duplex } from "node:stream";
import { guardedLookup } from "@/lib/net/ssrf-guard";

/** Resolves a host to the one address to connect to, throwing when the guard refuses it. */
export type ResolveHost = (host: string) => Promise<{ address: string; family: number }>;

export interface OutboundProxyOptions {
  /** Defaults to lib/net's guarded lookup (ALLOW_PRIVATE_NETWORK decides); tests inject their own. */
  resolveHost?: ResolveHost;
  /** Bytes the browser may receive through this proxy in all; later requests are refused. */
  maxBytes?: number;
}

export interface Refusal {
  target: string;
  reason: string;
}

export interface OutboundProxy {
  /** http://127.0.0.1:<port>, for the browser context's proxy setting. */
  server: string;
  /** Every request the guard refused, in order (reported to callers and asserted by tests). */
  refused: Refusal[];
  receivedBytes(): number;
  /** Whether the session downloaded more than maxBytes: its page was cut off. */
  overBudget(): boolean;
  /** Settles when the session goes over maxBytes; a navigation waiting on the rest stops at once. */
  exceeded: Promise<void>;
  close(): Promise<void>;
}

export function resolveWithLookup(lookup: LookupFunction): ResolveHost {
  return (host) =>
    new Promise((resolve, reject) => {
      lookup(host, { all: false }, (error, address, family) =>
        error ? reject(error) : resolve({ address: address as string, family: family ?? 4 }),
      );
    });
}

// Hop-by-hop headers belong to the browser-to-proxy connection only.
const HOP_HEADERS = new Set([
  "proxy-connection",
  "proxy-authorization",
  "connection",
  "keep-alive",
  "te",
  "trailer",
  "upgrade",
]);

/**
 * A forward proxy for one browser context, listening on loopback. Every connection the browser opens
 * (CONNECT tunnels for https and WebSockets, absolute-form requests for plain http) is resolved through
 * the guard and opened to the address that was checked, so a redirect hop, a frame or a script cannot
 * reach an address the guard refuses, and a DNS answer cannot change between check and connect.
 */
export async function startOutboundProxy(options: OutboundProxyOptions = {}): Promise<OutboundProxy> {
  const resolveHost = options.resolveHost ?? resolveWithLookup(guardedLookup);
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const refused: Refusal[] = [];
  const sockets = new Set<Duplex>();
  let received = 0;
  let markExceeded = () => {};
  const exceeded = new Promise<void>((resolve) => (markExceeded = resolve));

  const track = (socket: Duplex) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  };
  const overBudget = () => received > maxBytes;
  // Over the budget both ends are cut, so the browser sees a failed load instead of waiting for the rest.
  const countInbound = (chunk: Buffer, ...ends: Array<{ destroy(): void }>) => {
    received += chunk.length;
    if (!overBudget()) return;
    for (const end of ends) end.destroy();
    markExceeded();
  };

  const check = async (host: string, target: string) => {
    if (overBudget()) throw new Error(`the session downloaded more than ${maxBytes} bytes`);
    try {
      return await resolveHost(host);
    } catch (error) {
      refused.push({ target, reason: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  };

  const server = http.createServer(async (req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? "");
      if (url.protocol !== "http:") throw new Error("only http:// is proxied without CONNECT");
    } catch {
      res.writeHead(400).end("Bad proxy request");
      return;
    }
    let target: { address: string; family: number };
    try {
      target = await check(url.hostname.replace(/^\[|\]$/g, ""), url.origin);
    } catch (error) {
      res
        .writeHead(403, { "content-type": "text/plain" })
        .end(`Blocked by docsvc's outbound guard: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_HEADERS.has(name)));
    const upstream = http.request(
      {
        host: target.address,
        family: target.family,
        port: url.port || 80,
        method: req.method,
        path: url.pathname + url.search,
        headers,
        setHost: false,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
        answer.on("data", (chunk: Buffer) => countInbound(chunk, answer, res));
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502).end("Upstream failed");
      else res.destroy();
    });
    req.pipe(upstream);
  });

  server.on("connect", async (req: http.IncomingMessage, client: Duplex, head: Buffer) => {
    track(client);
    client.on("error", () => client.destroy());
    const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(req.url ?? "");
    if (!match) {
      client.end("HTTP/1.1 400 Bad Request\r\n\r\n");
      return;
    }
    const [, host, port] = match;
    let target: { address: string; family: number };
    try {
      target = await check(host, `${host}:${port}`);
    } catch {
      client.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    const upstream = net.connect({ host: target.address, port: Number(port), family: target.family });
    track(upstream);
    upstream.on("connect", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.on("data", (chunk: Buffer) => countInbound(chunk, upstream, client));
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
  });
  server.on("connection", track);

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server: `http://127.0.0.1:${port}`,
    refused,
    receivedBytes: () => received,
    overBudget,
    exceeded,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
