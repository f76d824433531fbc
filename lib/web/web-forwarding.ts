import { createHmac, timingSafeEqual } from "node:crypto";
import type { WebOwner } from "./web-owner";
import { forwardingKey, webInstance } from "./web-instance";

/** The header a forwarded web-session call carries: who the caller is, signed by the sending instance. */
export const FORWARD_HEADER = "x-docsvc-web-forward";

// A forwarded call is sent at once; a copied header is useless a minute later.
const FORWARD_TTL_MS = 60_000;

interface ForwardClaims {
  owner: WebOwner;
  sessionId: string;
  /** The instance the sender believed holds the session. */
  instanceId: string;
  expiresAt: number;
}

function sign(payload: string): string {
  return createHmac("sha256", forwardingKey()).update(payload).digest("base64url");
}

export function signForward(claims: Omit<ForwardClaims, "expiresAt">, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ ...claims, expiresAt: now + FORWARD_TTL_MS })).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

/**
 * The claims of a forwarded call, or null when the request was not forwarded by a peer. The owner
 * travels in the claims because an anonymous caller is known by its address, which the receiving
 * instance sees as the sender's.
 */
export function readForward(req: Request, now = Date.now()): ForwardClaims | null {
  const header = req.headers.get(FORWARD_HEADER);
  if (!header) return null;
  const [payload, signature] = header.split(".");
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as ForwardClaims;
  return claims.expiresAt > now ? claims : null;
}

/** Whether the forwarded call was meant for this very process (not an earlier one at the same address). */
export function meantForThisInstance(claims: ForwardClaims): boolean {
  return claims.instanceId === webInstance().id;
}
