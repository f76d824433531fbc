import { expect, type Locator, type Page } from "@playwright/test";

/** The "Fill a web form" screen. */
export class WebFillPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto("/web-fill");
    await expect(this.page.getByRole("heading", { name: "Fill a web form" })).toBeVisible();
  }

  async preview(url: string): Promise<void> {
    await this.page.getByLabel("Form address").fill(url);
    await this.page.getByRole("button", { name: "Preview" }).click();
    await expect(this.page.getByRole("img", { name: /Screenshot of/ })).toBeVisible({ timeout: 30_000 });
  }

  async chooseBatch(batchId: string): Promise<void> {
    await this.page.getByLabel("Documents to fill from").selectOption(batchId);
    await this.page.getByRole("button", { name: "Fill from documents" }).click();
    await expect(this.page.getByRole("button", { name: "Submit the form" })).toBeVisible({ timeout: 45_000 });
  }

  valueOf(label: string): Locator {
    return this.page.getByLabel(`Value for ${label}`);
  }

  row(label: string): Locator {
    return this.page.getByRole("row").filter({ has: this.page.getByRole("cell", { name: label, exact: true }) });
  }

  async correct(label: string, value: string): Promise<void> {
    await this.valueOf(label).fill(value);
    await this.page.getByRole("button", { name: "Apply corrections" }).click();
    await expect(this.row(label)).toContainText("corrected by you", { timeout: 15_000 });
  }

  async submit(): Promise<void> {
    await this.page.getByRole("button", { name: "Submit the form" }).click();
    await expect(this.page.getByRole("img", { name: "The page after submitting" })).toBeVisible({ timeout: 30_000 });
  }
}
