import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { authenticateWithPassword } from "./authenticate-with-password";
import { hashPassword } from "./password";
import { registerUser } from "./register-user";

// Sign-in lockouts and registration probing, on a real database
// with an injected clock.
const PASSWORD = "correct horse battery staple";
let temp: TestDatabase;
let counter = 0;

beforeAll(async () => {
  temp = await createTestDatabase({ serveGetDb: true });
});
afterAll(() => temp?.dispose());

async function newAccount(): Promise<string> {
  const email = `owner-${++counter}@example.com`;
  await temp.db.user.create({ data: { email, passwordHash: await hashPassword(PASSWORD) } });
  return email;
}

const attempt = async (email: string, password: string, clientAddress: string | undefined, now: Date) =>
  authenticateWithPassword({ db: temp.db, email, password, clientAddress, now }).then(
    () => 200,
    (error: { code?: string }) =>
      error.code === "rate_limit_exceeded" ? 429 : error.code === "unauthorized" ? 401 : error,
  );

describe("sign-in throttling", () => {
  it("never locks the owner out from an address that has not failed, however many addresses guess", async () => {
    const email = await newAccount();
    const now = new Date("2026-11-24T12:00:00Z");
    for (let n = 0; n < 11; n++) expect(await attempt(email, `guess ${n}`, `203.0.113.${n + 1}`, now)).toBe(401);
    // The account is under attack: an address that has guessed is turned away even with the right password…
    expect(await attempt(email, PASSWORD, "203.0.113.1", now)).toBe(429);
    // …but the owner, from an address that has not failed, signs in.
    expect(await attempt(email, PASSWORD, "198.51.100.7", now)).toBe(200);
    // A fresh address guessing wrong gets one answer, then is turned away while the attack lasts.
    expect(await attempt(email, "wrong", "198.51.100.8", now)).toBe(401);
    expect(await attempt(email, "wrong", "198.51.100.8", now)).toBe(429);
    // Unknown addresses cannot be told apart, so they wait too.
    expect(await attempt(email, PASSWORD, undefined, now)).toBe(429);
    // After the slow-down, a guessing address may try again.
    expect(await attempt(email, PASSWORD, "203.0.113.1", new Date(now.getTime() + 16 * 60_000))).toBe(200);
  });

  it("locks one address out of one account after five failures, and nobody else", async () => {
    const email = await newAccount();
    const now = new Date("2026-11-24T12:00:00Z");
    for (let n = 0; n < 5; n++) expect(await attempt(email, `guess ${n}`, "192.0.2.10", now)).toBe(401);
    const locked = await authenticateWithPassword({
      db: temp.db,
      email,
      password: PASSWORD,
      clientAddress: "192.0.2.10",
      now,
    }).catch((error: { code: string; headers?: Record<string, string> }) => error);
    expect(locked).toMatchObject({ code: "rate_limit_exceeded", headers: { "Retry-After": "30" } });
    expect(await attempt(email, PASSWORD, "192.0.2.11", now)).toBe(200);
    const other = await newAccount();
    expect(await attempt(other, PASSWORD, "192.0.2.10", now)).toBe(200);
    expect(await attempt(email, PASSWORD, "192.0.2.10", new Date(now.getTime() + 31_000))).toBe(200);
  });
});

describe("registration throttling", () => {
  it("keeps 409 for a taken address, and turns a probing address away with 429", async () => {
    const taken = await newAccount();
    const now = new Date("2026-11-24T12:00:00Z");
    const register = async (email: string, clientAddress: string) =>
      registerUser({ db: temp.db, email, password: PASSWORD, clientAddress, now }).then(
        () => 200,
        (error: { code?: string }) =>
          error.code === "conflict" ? 409 : error.code === "rate_limit_exceeded" ? 429 : error,
      );
    for (let n = 0; n < 10; n++) expect(await register(taken, "192.0.2.50")).toBe(409);
    expect(await register(taken, "192.0.2.50")).toBe(429);
    expect(await register(`new-${counter}@example.com`, "192.0.2.50")).toBe(429);
    // Other addresses, and new accounts, are not affected.
    expect(await register(taken, "192.0.2.51")).toBe(409);
    expect(await register(`fresh-${counter}@example.com`, "192.0.2.51")).toBe(200);
  });
});
