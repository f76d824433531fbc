import { expect, test } from "./support/fixtures";
import { AccountMenu } from "./support/auth-pages";
import { signedInUser } from "./support/session";

// The test server's APP_URL names 127.0.0.1; a user who reaches it as localhost must stay on localhost.
test("signing out keeps the user on the address they reached the app at", async ({ browser, baseURL }) => {
  const reached = new URL(baseURL!);
  reached.hostname = "localhost";
  const context = await browser.newContext({ baseURL: reached.origin });
  const page = await context.newPage();
  await signedInUser(page, "/batches");

  await new AccountMenu(page).signOut();
  await expect(page).toHaveURL(`${reached.origin}/`);
  await context.close();
});
