import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { registerUser } from "./register-user";
import { requestPasswordResetInBackground } from "./request-password-reset-in-background";
import { useTempDatabase } from "./testing/temp-database";

// Forgot-password enumeration: the answer cannot depend on the address,
// because nothing about the address is looked up before answering.
let temp: { dispose(): Promise<void> };
beforeAll(async () => {
  temp = await useTempDatabase({ AUTH_SECRET: "reset-background-test-secret-0123456789abcdef" });
});
afterAll(() => temp?.dispose());

describe("requestPasswordResetInBackground", () => {
  it("answers before any lookup, for known and unknown addresses alike, and mails only the known one afterwards", async () => {
    const known = "known-reset@example.com";
    const unknown = "unknown-reset@example.com";
    await registerUser({ db: await getDb(), email: known, password: "correct horse battery staple" });
    const db = await getDb();
    const queue: (() => Promise<void>)[] = [];

    const answers = [known, unknown].map((email) =>
      requestPasswordResetInBackground({ db, email, runAfterResponse: (task) => queue.push(task) }),
    );
    // Synchronous and identical: there is no time in which a lookup could happen.
    expect(answers).toEqual([undefined, undefined]);
    expect(queue).toHaveLength(2);
    expect(await db.passwordResetToken.count()).toBe(0);
    expect(await db.emailOutbox.count()).toBe(0);

    for (const task of queue) await task();
    expect(await db.passwordResetToken.count({ where: { user: { email: known } } })).toBe(1);
    expect(await db.emailOutbox.count({ where: { to: known } })).toBe(1);
    expect(await db.emailOutbox.count({ where: { to: unknown } })).toBe(0);
  });
});
