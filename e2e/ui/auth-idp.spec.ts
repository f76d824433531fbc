import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { createUser, uniqueEmail } from "../support/accounts";
import { localIssuer } from "../support/local-providers";
import type { Identity } from "../support/oidc-issuer";
import { AccountMenu } from "./support/auth-pages";

// "Sign in with Google" through next-auth's OIDC provider against the run's local issuer
// (e2e/support/global-setup.ts). The issuer approves at once; the browser's request to its authorize
// endpoint gets a login_hint added, so each test chooses who the provider says signed in.

async function approveAs(page: Page, identity: Identity): Promise<void> {
  await localIssuer.registerIdentity(identity);
  await page.route(`${localIssuer.url}/authorize?**`, async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set("login_hint", identity.email);
    await route.continue({ url: url.toString() });
  });
}

test("a new person signs in with Google and lands signed in where they were going", async ({ page }) => {
  const identity = { sub: randomUUID(), email: uniqueEmail("google"), email_verified: true, name: "Gail Oogle" };
  await approveAs(page, identity);

  await page.goto(`/sign-in?next=${encodeURIComponent("/settings")}`);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await page.waitForURL((url) => url.pathname === "/settings");
  await new AccountMenu(page).expectSignedInAs(identity.email);
  // The provider vouched for the address; the account has no password of its own.
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();

  // The browser session is accepted by the API as the same user.
  const me = await page.request.get("/api/auth/me");
  expect(me.status(), await me.text()).toBe(200);
  expect(await me.json()).toMatchObject({ email: identity.email, email_verified: true });
});

test("signing in with Google finds the existing password account of the same verified email", async ({ page }) => {
  const user = await createUser(page.request);
  await approveAs(page, { sub: randomUUID(), email: user.email, email_verified: true });

  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in with Google" }).click();
  await new AccountMenu(page).expectSignedInAs(user.email);
  expect(await (await page.request.get("/api/auth/me")).json()).toMatchObject({ id: user.id });
});
