import { expect, type Page } from "@playwright/test";

// Page objects of the account screens: tests say what a person does, these know where to click.

export class SignUpPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto("/sign-up");
    await expect(this.page.getByRole("heading", { name: "Create an account" })).toBeVisible();
  }

  async signUp(user: { name?: string; email: string; password: string }) {
    if (user.name) await this.page.getByLabel("Name (optional)").fill(user.name);
    await this.page.getByLabel("Email").fill(user.email);
    await this.page.getByLabel("Password").fill(user.password);
    await this.page.getByRole("button", { name: "Create account" }).click();
  }
}

export class SignInPage {
  constructor(private readonly page: Page) {}

  async goto(next?: string) {
    await this.page.goto(next ? `/sign-in?next=${encodeURIComponent(next)}` : "/sign-in");
    await expect(this.page.getByRole("heading", { name: "Sign in", exact: true })).toBeVisible();
  }

  get form() {
    return this.page.getByRole("form", { name: "Sign in" });
  }

  async signIn(user: { email: string; password: string }) {
    await this.form.getByLabel("Email").fill(user.email);
    await this.form.getByLabel("Password").fill(user.password);
    await this.form.getByRole("button", { name: "Sign in" }).click();
  }

  formAlert() {
    return this.form.getByRole("alert");
  }
}

export class VerifyEmailPage {
  constructor(private readonly page: Page) {}

  async expectCodeSentTo(email: string) {
    await expect(this.page.getByRole("heading", { name: "Verify your email" })).toBeVisible();
    // The test server has no SMTP: the page says the code is in the server log, not in an inbox.
    const location = this.page.getByTestId("code-location");
    await expect(location).toContainText(`codes for ${email} are not e-mailed`);
    await expect(location).toContainText("[email] to=");
    await expect(location.getByRole("link", { name: "outbox page" })).toHaveAttribute("href", "/dev/outbox");
    await expect(this.page.getByText("We sent a 6-digit code")).toHaveCount(0);
  }

  async enterCode(code: string) {
    await this.page.getByLabel("Verification code").fill(code);
    await this.page.getByRole("button", { name: "Verify email" }).click();
  }

  async expectVerified() {
    await expect(this.page.getByRole("status").filter({ hasText: "Email verified" })).toBeVisible();
  }
}

export class PasswordResetPages {
  constructor(private readonly page: Page) {}

  async requestLink(email: string) {
    await this.page.goto("/forgot-password");
    await this.page.getByLabel("Email").fill(email);
    await this.page.getByRole("button", { name: "Email me a reset link" }).click();
    await expect(this.page.getByText("Check your email")).toBeVisible();
  }

  async setNewPassword(password: string) {
    await expect(this.page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await this.page.getByLabel("New password", { exact: true }).fill(password);
    await this.page.getByRole("button", { name: "Set new password" }).click();
    await expect(this.page.getByText("Password changed")).toBeVisible();
  }
}

/** The signed-in part of the site header. */
export class AccountMenu {
  constructor(private readonly page: Page) {}

  async expectSignedInAs(email: string) {
    await expect(
      this.page.getByTestId("account-menu").getByRole("link", { name: `Account settings for ${email}` }),
    ).toBeVisible();
  }

  async expectSignedOut() {
    await expect(
      this.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Sign in" }),
    ).toBeVisible();
  }

  async signOut() {
    await this.page.getByTestId("account-menu").getByRole("button", { name: "Sign out" }).click();
    await this.expectSignedOut();
  }
}
