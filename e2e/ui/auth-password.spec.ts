import { expect, test } from "./support/fixtures";
import { createUser } from "../support/accounts";
import { captureScreen } from "./support/accessibility";
import { AccountMenu, PasswordResetPages, SignInPage } from "./support/auth-pages";
import { emailedLinkFor } from "./support/outbox";
import { signedInUser } from "./support/session";

test("a forgotten password is reset through the emailed link", async ({ page }) => {
  const user = await createUser(page.request);
  const reset = new PasswordResetPages(page);
  await page.goto("/forgot-password");
  await captureScreen(page, "forgot-password");
  await reset.requestLink(user.email);

  await page.goto(await emailedLinkFor(page, user.email));
  await captureScreen(page, "reset-password");
  // Only the server knows whose link this is: its 422 lands next to the field it is about.
  const field = page.getByLabel("New password", { exact: true });
  await field.fill(user.email);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("Password must not be your email address")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const newPassword = "a brand new passphrase";
  await reset.setNewPassword(newPassword);

  await page.getByRole("link", { name: "Sign in" }).last().click();
  const signIn = new SignInPage(page);
  await signIn.signIn({ email: user.email, password: user.password });
  await expect(signIn.formAlert()).toHaveText("Incorrect email or password.");
  await signIn.signIn({ email: user.email, password: newPassword });
  await new AccountMenu(page).expectSignedInAs(user.email);
});

test("changing the password in settings keeps this browser signed in", async ({ page }) => {
  const user = await signedInUser(page, "/settings");
  const form = page.getByRole("form", { name: "Change password" });
  await form.getByLabel("Current password").fill("wrong password");
  await form.getByLabel("New password", { exact: true }).fill("another fine passphrase");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Current password is incorrect")).toBeVisible();

  await form.getByLabel("Current password").fill(user.password);
  await form.getByLabel("New password").fill(user.password);
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("New password must differ from the current one")).toBeVisible();

  await form.getByLabel("New password").fill("another fine passphrase");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("Password changed")).toBeVisible();
  await page.reload();
  await new AccountMenu(page).expectSignedInAs(user.email);
});

test("deleting the account asks for the password, then signs out", async ({ page }) => {
  const user = await signedInUser(page, "/settings");
  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Your password").fill(user.password);
  await dialog.getByRole("button", { name: "Delete account for good" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await new AccountMenu(page).expectSignedOut();

  const gone = await page.request.post("/api/auth/login", { data: { email: user.email, password: user.password } });
  expect(gone.status()).toBe(401);
});
