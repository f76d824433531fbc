import { test as base, expect, type APIRequestContext } from "@playwright/test";
import { bearer, createUser, type TestUser } from "./accounts";
import { createV1Account, type V1Account } from "./v1";

// The accounts most API tests start with, as Playwright fixtures: a test that names one gets its
// own, made before it runs (each test its own user and key, so rate limits never cross tests).
// Fixtures are lazy: a test that names none of them signs nobody up.
//
//   test("…", async ({ request, account }) => { … account.headers … });   // a user with a /v1 key
//   test("…", async ({ request, auth }) => { … });                        // a signed-in user's bearer header

export interface AccountFixtures {
  /** A new user with one /v1 API key; `headers` carries the key. */
  account: V1Account;
  /** A new signed-up user (email, password, access token). */
  user: TestUser;
  /** The Authorization header of `user`. */
  auth: Record<string, string>;
}

export const test = base.extend<AccountFixtures>({
  account: async ({ request }, provide) => {
    await provide(await createV1Account(request));
  },
  user: async ({ request }, provide) => {
    await provide(await createUser(request));
  },
  auth: async ({ user }, provide) => {
    await provide(bearer(user.token));
  },
});

export { expect, type APIRequestContext };
