import type { Db } from "@/lib/db";
import { requestPasswordReset } from "./request-password-reset";

/** Runs work once the response has been sent (Next.js `after` in route handlers). */
export type RunAfterResponse = (task: () => Promise<void>) => void;

/**
 * Forgot-password without telling who is registered: nothing is looked up before answering, so
 * the answer is the same, in the same time, for every address; the lookup, the link and the mail
 * happen after the response. A failure there is logged (nobody is waiting for it).
 */
export function requestPasswordResetInBackground(input: {
  db: Db;
  email: string;
  runAfterResponse: RunAfterResponse;
}): void {
  input.runAfterResponse(async () => {
    try {
      await requestPasswordReset({ db: input.db, email: input.email });
    } catch (error) {
      console.error("[auth] password reset request failed", error);
    }
  });
}
