import type { Page } from "@playwright/test";
import { createUser, type TestUser } from "../../support/accounts";
import { AccountMenu, SignInPage } from "./auth-pages";

/** A new account (made through the API) signed in through the sign-in screen, landing on `next`. */
export async function signedInUser(page: Page, next = "/developers"): Promise<TestUser> {
  const user = await createUser(page.request);
  const signIn = new SignInPage(page);
  await signIn.goto(next);
  await signIn.signIn(user);
  await page.waitForURL((url) => url.pathname === next);
  await new AccountMenu(page).expectSignedInAs(user.email);
  return user;
}
