import { expect, test } from "./support/fixtures";
import { bearer, createUser, DEFAULT_PASSWORD, uniqueEmail } from "../support/accounts";
import { captureScreen } from "./support/accessibility";
import { AccountMenu, SignInPage, VerifyEmailPage } from "./support/auth-pages";
import { emailedLinkFor, verificationCodeFor } from "./support/outbox";
import { signedInUser } from "./support/session";

test("an invited person opens the emailed link, chooses a password and is signed in", async ({ page }) => {
  const inviter = await createUser(page.request, { name: "Grace Hopper" });
  const invitee = uniqueEmail("invitee");
  const invited = await page.request.post("/api/users/invitations", {
    headers: bearer(inviter.token),
    data: { email: invitee },
  });
  expect(invited.status(), await invited.text()).toBe(200);

  await page.goto(`${await emailedLinkFor(page, invitee)}&next=/settings`);
  await expect(page.getByText(`Grace Hopper invited ${invitee}`)).toBeVisible();
  await captureScreen(page, "accept-invitation");
  const form = page.getByRole("form", { name: "Accept the invitation" });
  await form.getByLabel("Password", { exact: true }).fill(DEFAULT_PASSWORD);
  await form.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL((url) => url.pathname === "/settings");
  await new AccountMenu(page).expectSignedInAs(invitee);
  // The invitation proved the address.
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
});

test("an unknown invitation link says so", async ({ page }) => {
  await page.goto("/invite?token=no-such-invitation");
  await expect(page.getByRole("alert").filter({ hasText: "This invitation cannot be used" })).toContainText(
    "The link is not valid",
  );
});

test("changing the email sends a code to the new address and applies it once entered", async ({ page }) => {
  const user = await signedInUser(page, "/settings");
  const newEmail = uniqueEmail("moved");
  const form = page.getByRole("form", { name: "Change email" });
  await form.getByLabel("New email").fill(newEmail);
  await form.getByLabel("Current password").fill(user.password);
  await form.getByRole("button", { name: "Send a code to the new address" }).click();

  await page.waitForURL(/\/verify-email\?/);
  await expect(page.getByRole("heading", { name: "Confirm your new email" })).toBeVisible();
  const verify = new VerifyEmailPage(page);
  await verify.enterCode(await verificationCodeFor(page, newEmail));
  await expect(page.getByText(`Your account now uses ${newEmail}`)).toBeVisible();
  await page.getByRole("link", { name: "Continue" }).click();
  await page.waitForURL((url) => url.pathname === "/settings");
  await new AccountMenu(page).expectSignedInAs(newEmail);
});

test("sign out everywhere ends this browser's session too", async ({ page }) => {
  await signedInUser(page, "/settings");
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign out on every device?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await page.waitForURL((url) => url.pathname === "/sign-in");
  await new AccountMenu(page).expectSignedOut();
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
});

test("the sign-in form works from the keyboard alone", async ({ page }) => {
  const user = await createUser(page.request);
  const signIn = new SignInPage(page);
  await signIn.goto("/settings");
  await signIn.form.getByLabel("Email").focus();
  await page.keyboard.type(user.email);
  await page.keyboard.press("Tab");
  await expect(signIn.form.getByLabel("Password")).toBeFocused();
  await page.keyboard.type(user.password);
  await page.keyboard.press("Enter");
  await page.waitForURL((url) => url.pathname === "/settings");
  await new AccountMenu(page).expectSignedInAs(user.email);
});

test("next-auth's sign-in page address leads to the sign-in screen with its error", async ({ page }) => {
  await page.goto("/login?error=OAuthCallback&callbackUrl=%2Fdevelopers");
  await expect(page).toHaveURL(/\/sign-in\?/);
  await expect(new SignInPage(page).formAlert()).toContainText("identity provider");
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
    "href",
    "/sign-up?next=%2Fdevelopers",
  );
});
