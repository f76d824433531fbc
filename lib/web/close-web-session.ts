import { closeWebSession, getWebSessionOrThrow } from "./web-sessions";

/** Closes the caller's session at once (page, context and proxy); 404 for anyone else's. */
export async function closeCallerWebSession(options: { ownerId: string; sessionId: string }) {
  const session = getWebSessionOrThrow(options.ownerId, options.sessionId);
  await closeWebSession(session);
  return { session_id: session.id, closed: true as const };
}
