import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { registerUser } from "./register-user";
import { requestPasswordResetInBackground } from "./request-password-reset-in-background";

// Forgot-password enumeration: the answer cannot depend on the address,
// because nothing about the address is looked up before answering.
let temp: TestDatabase;
beforeAll(async () => {
  temp = await createTestDatabase({ serveGetDb: true });
});
afterAll(() => temp?.dispose());

describe("requestPasswordResetInBackground", () => {
  it("answers before any lookup, for known and unknown addresses alike, and mails only the known one afterwards", async () => {
    const known = "known-reset@example.com";
    const unknown = "unknown-reset@example.com";
    await registerUser({ db: temp.db, email: known, password: "correct horse battery staple" });
    const db = temp.db;
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
