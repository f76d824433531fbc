import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors/app-error";
import { blockedAddressReason } from "./ip-ranges";

/** An outbound URL the server refuses to call; a 400 when it came from a request. */
export class UnsafeUrlError extends AppError {
  constructor(message: string) {
    super("bad_request", message);
    this.name = "UnsafeUrlError";
  }
}

// Names that point at the metadata service on common clouds whatever their DNS says.
const METADATA_HOSTNAMES = new Set(["metadata.google.internal", "metadata.goog", "metadata", "instance-data"]);

export interface CheckedUrl {
  url: URL;
  /** Every address the host resolved to, all of them allowed. */
  addresses: LookupAddress[];
}

/** The URL parsed and checked for scheme, credentials and metadata names, without resolving it. */
export function parseOutboundUrl(rawUrl: string | URL): URL {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new UnsafeUrlError(`"${String(rawUrl)}" is not a valid URL`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UnsafeUrlError(`Only http and https URLs are allowed, not ${url.protocol}`);
  if (url.username || url.password) throw new UnsafeUrlError("URLs with credentials are not allowed");
  if (!privateNetworkAllowed() && METADATA_HOSTNAMES.has(hostOf(url).toLowerCase())) {
    throw new UnsafeUrlError(`${hostOf(url)} is a cloud metadata address`);
  }
  return url;
}

/**
 * Checks an outbound URL and resolves its host, refusing it when any address it resolves to is
 * private, loopback, link-local, unique-local, CGNAT, multicast, unspecified or otherwise not on the
 * public internet (unless ALLOW_PRIVATE_NETWORK). Throws UnsafeUrlError.
 */
export async function assertPublicUrl(rawUrl: string | URL): Promise<CheckedUrl> {
  const url = parseOutboundUrl(rawUrl);
  const host = hostOf(url);
  const addresses = await resolveAll(host);
  if (!privateNetworkAllowed()) for (const { address } of addresses) assertPublicAddress(host, address);
  return { url, addresses };
}

/** Throws UnsafeUrlError when the address is not a public one (and private networks are not allowed). */
export function assertPublicAddress(host: string, address: string): void {
  if (privateNetworkAllowed()) return;
  const reason = blockedAddressReason(address);
  if (reason)
    throw new UnsafeUrlError(
      host === address ? `${address} is a ${reason} address` : `${host} resolves to ${address}, a ${reason} address`,
    );
}

/**
 * A `lookup` for node:http(s) that checks every resolved address at connection time, so a DNS answer
 * that changes between the check and the connection (DNS rebinding) cannot reach a private host.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    try {
      for (const { address } of addresses) assertPublicAddress(hostname, address);
    } catch (refusal) {
      return callback(refusal as NodeJS.ErrnoException, "", 4);
    }
    if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0];
    callback(null, first.address, first.family);
  });
};

function privateNetworkAllowed(): boolean {
  return getConfig().ALLOW_PRIVATE_NETWORK;
}

/** The host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

async function resolveAll(host: string): Promise<LookupAddress[]> {
  const family = isIP(host);
  if (family) return [{ address: host, family }];
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => {
      if (error) reject(new UnsafeUrlError(`Cannot resolve ${host}: ${error.code ?? error.message}`));
      else if (addresses.length === 0) reject(new UnsafeUrlError(`${host} has no addresses`));
      else resolve(addresses);
    });
  });
}
