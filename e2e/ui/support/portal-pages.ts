import { expect, type Page } from "@playwright/test";

// Page objects of the developer portal.

export class ApiKeysPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto("/developers");
    await expect(this.page.getByRole("heading", { name: "API keys" })).toBeVisible();
  }

  /** Creates a key and answers the full key shown once. */
  async createKey(name: string): Promise<string> {
    await this.page.getByLabel("Key name").fill(name);
    await this.page.getByRole("button", { name: "Create key" }).click();
    const notice = this.page.getByRole("region", { name: `Your new key “${name}”` });
    await expect(notice).toBeVisible();
    await expect(notice.getByText("only time the full key is shown")).toBeVisible();
    const key = await this.page.getByTestId("new-api-key").inputValue();
    expect(key).toMatch(/^sd_[\w-]{43}$/);
    // The name field is ready for the next key, not complaining that it is empty.
    await expect(this.page.getByLabel("Key name")).toHaveValue("");
    await expect(this.page.getByLabel("Key name")).not.toHaveAttribute("aria-invalid", "true");
    return key;
  }

  /** Clicks the copy button and answers what landed on the clipboard. */
  async copyNewKey(): Promise<string> {
    await this.page.getByRole("button", { name: "Copy key" }).click();
    await expect(this.page.getByRole("status").filter({ hasText: "Copied" })).toBeVisible();
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  /** The key's table row, or on a phone its card: whichever is shown. */
  row(name: string) {
    return this.page
      .getByTestId(/^api-key-(row|card)$/)
      .filter({ hasText: name })
      .filter({ visible: true });
  }

  async revoke(name: string) {
    await this.row(name)
      .getByRole("button", { name: new RegExp(`^Revoke ${name}`) })
      .click();
    const dialog = this.page.getByRole("dialog", { name: `Revoke “${name}”?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Revoke key" }).click();
    await expect(dialog).toBeHidden();
    await expect(this.row(name)).toContainText("Revoked");
  }
}

export class UsagePage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto("/developers/usage");
    await expect(this.page.getByRole("heading", { name: "This period" })).toBeVisible();
  }

  async tokensUsed(): Promise<number> {
    return Number((await this.page.getByTestId("tokens-used").innerText()).replace(/\D/g, ""));
  }

  async requests(): Promise<number> {
    return Number((await this.page.getByTestId("requests").innerText()).replace(/\D/g, ""));
  }
}

export class WebhooksPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto("/developers/webhooks");
    await expect(this.page.getByRole("heading", { name: "Signing secret" })).toBeVisible();
  }

  async reveal(): Promise<string> {
    await this.page.getByRole("button", { name: "Reveal secret" }).click();
    await expect(this.page.getByTestId("webhook-secret")).toHaveValue(/^whsec_/);
    return this.page.getByTestId("webhook-secret").inputValue();
  }

  async rotate(): Promise<string> {
    await this.page.getByRole("button", { name: "Rotate secret" }).click();
    const dialog = this.page.getByRole("dialog", { name: "Rotate the signing secret?" });
    await dialog.getByRole("button", { name: "Rotate secret" }).click();
    await expect(dialog).toBeHidden();
    await expect(this.page.getByText("New secret created")).toBeVisible();
    return this.page.getByTestId("webhook-secret").inputValue();
  }
}
