import { AppError } from "@/lib/errors/app-error";
import type { WebOwner } from "./web-caller";
import { webInstance } from "./web-instance";
import { findHeldSession, forgetHeldSessions, type HeldSession } from "./web-session-directory";
import { FORWARD_HEADER, meantForThisInstance, readForward, signForward } from "./web-forwarding";
import { holdsWebSession } from "./web-sessions";

// What a forwarded call keeps of the original request: the caller's credentials and what the body is.
const FORWARDED_REQUEST_HEADERS = ["authorization", "cookie", "x-api-key", "origin", "accept", "content-type"];
const RETURNED_RESPONSE_HEADERS = ["content-type", "retry-after", "cache-control"];

export interface WebSessionCall {
  req: Request;
  owner: WebOwner;
  sessionId?: string;
  /** The validated body, sent on as JSON. */
  body?: unknown;
}

/**
 * Runs a web-session call here when this instance holds the session (or none is named), and
 * otherwise forwards it to the instance that does, answering with that instance's response. When the
 * holder no longer answers, its sessions are gone with it: 409 saying so, and the record is dropped.
 */
export async function followWebSession<T>(call: WebSessionCall, local: () => Promise<T>): Promise<T | Response> {
  const { sessionId } = call;
  if (!sessionId || holdsWebSession(sessionId)) return local();
  const forwarded = readForward(call.req);
  if (forwarded) {
    if (meantForThisInstance(forwarded)) return local();
    await forgetHeldSessions([sessionId]);
    throw gone(sessionId, webInstance().url, "restarted since the session was opened");
  }
  const held = await findHeldSession(sessionId);
  if (!held || held.ownerId !== call.owner.ownerId || held.instanceId === webInstance().id) return local();
  return forward(call, held);
}

async function forward(call: WebSessionCall, held: HeldSession): Promise<Response> {
  const original = new URL(call.req.url);
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = call.req.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  headers.set(FORWARD_HEADER, signForward({ owner: call.owner, sessionId: held.id, instanceId: held.instanceId }));
  const hasBody = call.body !== undefined && call.req.method !== "GET" && call.req.method !== "DELETE";
  if (hasBody) headers.set("content-type", "application/json");
  let response: Response;
  try {
    response = await fetch(new URL(original.pathname + original.search, held.instanceUrl), {
      method: call.req.method,
      headers,
      body: hasBody ? JSON.stringify(call.body) : undefined,
      redirect: "manual",
      signal: call.req.signal,
    });
  } catch (error) {
    if (call.req.signal.aborted) throw error;
    await forgetHeldSessions([held.id]);
    throw gone(held.id, held.instanceUrl, "does not answer (stopped or unreachable)", error);
  }
  const returned = new Headers();
  for (const name of RETURNED_RESPONSE_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) returned.set(name, value);
  }
  return new Response(response.body, { status: response.status, headers: returned });
}

function gone(sessionId: string, instanceUrl: string, why: string, cause?: unknown): AppError {
  return new AppError(
    "conflict",
    `Web session ${sessionId} was open on the instance at ${instanceUrl}, which ${why}: its page is lost. Open a new session.`,
    { cause },
  );
}
