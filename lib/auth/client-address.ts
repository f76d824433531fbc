import { isIP } from "node:net";

/**
 * The client's address for throttling. Next.js sets x-forwarded-for to the socket's address unless
 * the request already carries one; a reverse proxy appends the peer it saw, so the last entry is the
 * one a trusted proxy wrote. (Directly exposed, a client can choose it: the per-account limit still holds.)
 */
export function getClientAddress(req: Request): string | undefined {
  const forwarded = req.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").map((part) => part.trim()).filter(Boolean).at(-1);
  const candidate = last ?? req.headers.get("x-real-ip")?.trim();
  if (!candidate) return undefined;
  const unwrapped = candidate.replace(/^::ffff:/, "");
  return isIP(unwrapped) ? unwrapped : undefined;
}
