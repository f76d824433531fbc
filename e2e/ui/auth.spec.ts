import { expect, test } from "./support/fixtures";
import { createUser, DEFAULT_PASSWORD, uniqueEmail } from "../support/accounts";
import { captureScreen } from "./support/accessibility";
import { AccountMenu, SignInPage, SignUpPage, VerifyEmailPage } from "./support/auth-pages";
import { verificationCodeFor } from "./support/outbox";

test("a new user signs up, verifies the email from the outbox, signs out and signs in again", async ({ page }) => {
  const user = { name: "Ada Lovelace", email: uniqueEmail("signup"), password: DEFAULT_PASSWORD };
  const signUp = new SignUpPage(page);
  await signUp.goto();
  await captureScreen(page, "sign-up");
  await signUp.signUp(user);

  const verify = new VerifyEmailPage(page);
  await page.waitForURL(/\/verify-email/);
  await verify.expectCodeSentTo(user.email);
  const account = new AccountMenu(page);
  await account.expectSignedInAs(user.email);
  await captureScreen(page, "verify-email");
  await verify.enterCode(await verificationCodeFor(page, user.email));
  await verify.expectVerified();

  await page.goto("/settings");
  await expect(page.getByText("Verified", { exact: true })).toBeVisible();
  await captureScreen(page, "settings");

  await account.signOut();
  const signIn = new SignInPage(page);
  await signIn.goto("/settings");
  await signIn.signIn(user);
  await page.waitForURL((url) => url.pathname === "/settings");
  await account.expectSignedInAs(user.email);
});

test("a wrong password is refused with a message, and fields are checked as you type", async ({ page }) => {
  const user = await createUser(page.request);
  const signIn = new SignInPage(page);
  await signIn.goto();
  await captureScreen(page, "sign-in");

  const email = signIn.form.getByLabel("Email");
  await email.fill("not-an-email");
  await email.blur();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await email.fill(user.email);
  await expect(page.getByText("Enter a valid email address")).toBeHidden();

  await signIn.signIn({ email: user.email, password: "not the password" });
  await expect(signIn.formAlert()).toHaveText("Incorrect email or password.");
  await new AccountMenu(page).expectSignedOut();
});

test("sign-up shows the server's answer and the password rules next to the fields", async ({ page }) => {
  const existing = await createUser(page.request);
  const signUp = new SignUpPage(page);
  await signUp.goto();

  const password = page.getByLabel("Password");
  await password.fill("password");
  await password.blur();
  await expect(page.getByText("Password is too common")).toBeVisible();

  await signUp.signUp({ email: existing.email, password: DEFAULT_PASSWORD });
  await expect(page.getByRole("form", { name: "Create an account" }).getByRole("alert")).toHaveText(
    "An account with this email already exists",
  );
});

test("the sign-in screen offers the configured identity provider", async ({ page }) => {
  await new SignInPage(page).goto();
  // The test server configures an OIDC provider; next-auth lists it at /api/auth/providers.
  const providers = await (await page.request.get("/api/auth/providers")).json();
  expect(Object.keys(providers)).toContain("oidc");
  await expect(page.getByRole("button", { name: `Sign in with ${providers.oidc.name}` })).toBeVisible();
});
