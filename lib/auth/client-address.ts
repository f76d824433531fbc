import { BlockList, isIP } from "node:net";
import { getConfig } from "@/lib/config";

/** Set by scripts/stamp-peer-address.mjs from the connection itself; a client cannot choose it. */
export const PEER_ADDRESS_HEADER = "x-docsvc-peer";

function plainAddress(value: string | undefined): string | undefined {
  const unwrapped = value?.trim().replace(/^::ffff:/i, "");
  return unwrapped && isIP(unwrapped) ? unwrapped : undefined;
}

let cached: { source: string; list: BlockList } | undefined;

/** TRUSTED_PROXIES as a BlockList of addresses and CIDR ranges (empty when unset). */
export function trustedProxies(source = getConfig().TRUSTED_PROXIES ?? ""): BlockList {
  if (cached?.source === source) return cached.list;
  const list = new BlockList();
  for (const entry of source
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [address, bits] = entry.split("/");
    const family = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (!isIP(address)) throw new Error(`TRUSTED_PROXIES: ${entry} is not an address or CIDR range`);
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  cached = { source, list };
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  return list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/** Whether the connection's peer is a trusted proxy, whose forwarding headers may be believed. */
export function peerIsTrustedProxy(req: Request, proxies: BlockList = trustedProxies()): boolean {
  const peer = plainAddress(req.headers.get(PEER_ADDRESS_HEADER) ?? undefined);
  return peer !== undefined && isTrusted(proxies, peer);
}

/**
 * The client's address for throttling and guest allowances: the connection's peer, unless the peer is
 * a trusted proxy (TRUSTED_PROXIES); then the X-Forwarded-For entries are read from the right, each
 * written by the proxy before it, and the first one not itself a trusted proxy is the client. A
 * forwarding header from anyone else is ignored, so a client cannot choose its address.
 */
export function getClientAddress(req: Request, proxies: BlockList = trustedProxies()): string | undefined {
  const peer = plainAddress(req.headers.get(PEER_ADDRESS_HEADER) ?? undefined);
  if (!peer || !isTrusted(proxies, peer)) return peer;
  const forwarded = (req.headers.get("x-forwarded-for") ?? "").split(",").map((part) => plainAddress(part));
  for (let index = forwarded.length - 1; index >= 0; index -= 1) {
    const hop = forwarded[index];
    if (!hop) return peer; // a malformed entry: nothing left of it can be believed
    if (!isTrusted(proxies, hop)) return hop;
  }
  return peer;
}
