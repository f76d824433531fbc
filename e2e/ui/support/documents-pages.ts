import { expect, type Locator, type Page } from "@playwright/test";
import type { SampleFile } from "./documents-samples";

// Page objects of the document screens: guest upload, upload, batches, batch and viewer.

export class GuestUploadPanel {
  readonly panel: Locator;

  constructor(private readonly page: Page) {
    this.panel = page.getByRole("region", { name: "Try it now — no account needed" });
  }

  async goto() {
    await this.page.goto("/");
    await expect(this.panel.getByTestId("guest-limits")).toContainText("1 file");
    await expect(this.panel.getByTestId("guest-limits")).toContainText("46 pages");
  }

  async expectReady() {
    await expect(this.panel.getByLabel("Choose a file")).toBeEnabled();
  }

  async upload(file: SampleFile) {
    await this.panel.getByLabel("Choose a file").setInputFiles(file);
  }
}

export class UploadPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto("/upload");
    await expect(this.page.getByRole("heading", { name: "Upload documents" })).toBeVisible();
  }

  async upload(files: SampleFile[], batchName: string) {
    await this.page.getByLabel("Batch name (optional)").fill(batchName);
    await this.page.getByLabel("Choose files").setInputFiles(files);
    await expect(this.page.getByRole("list", { name: "Chosen files" }).getByRole("listitem")).toHaveCount(files.length);
    await this.page.getByRole("button", { name: `Upload ${files.length} files` }).click();
  }

  fileRows() {
    return this.page.getByTestId("upload-file-row");
  }

  async expectAllCompleted(count: number) {
    await expect(this.fileRows()).toHaveCount(count);
    await expect(this.fileRows().filter({ hasText: "Completed" })).toHaveCount(count, { timeout: 45_000 });
    await expect(this.page.getByRole("status").filter({ hasText: "Done." })).toBeVisible();
  }
}

export class BatchesPage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto("/batches");
    await expect(this.page.getByRole("heading", { name: "Batches", exact: true })).toBeVisible();
  }

  row(name: string) {
    return this.page.getByTestId("batch-row").filter({ hasText: name });
  }

  async deleteBatch(name: string) {
    await this.row(name)
      .getByRole("button", { name: `Delete ${name}` })
      .click();
    const dialog = this.page.getByRole("dialog", { name: `Delete “${name}”?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete batch" }).click();
    await expect(dialog).toBeHidden();
    await expect(this.row(name)).toHaveCount(0);
  }
}

export class BatchPage {
  constructor(private readonly page: Page) {}

  documentCard(fileName: string) {
    return this.page.getByTestId("document-card").filter({ hasText: fileName });
  }

  async open(fileName: string) {
    await this.documentCard(fileName)
      .getByRole("link", { name: `Open ${fileName}` })
      .click();
    await expect(this.page.getByRole("heading", { level: 1, name: fileName })).toBeVisible();
  }
}

export class ViewerPage {
  constructor(private readonly page: Page) {}

  get canvas() {
    return this.page.getByTestId("page-canvas");
  }

  get text() {
    return this.page.getByLabel("Extracted text");
  }

  wordBoxes() {
    return this.canvas.locator('rect[data-box^="words:"]');
  }

  async expectPage(pageNumber: number, totalPages: number) {
    await expect(this.page.getByTestId("page-indicator")).toHaveText(`Page ${pageNumber} of ${totalPages}`);
    await expect(this.canvas).toBeVisible();
  }

  keyValue(key: string) {
    return this.page.getByRole("textbox", { name: key, exact: true });
  }

  thumbnail(pageNumber: number) {
    return this.page
      .getByRole("navigation", { name: "Pages" })
      .getByRole("button", { name: new RegExp(`^Page ${pageNumber}( |$)`) });
  }

  async save() {
    await this.page.getByRole("button", { name: "Save changes" }).click();
    await expect(this.page.getByTestId("edit-status")).toHaveText(/^Saved \d+ pages?\./);
  }
}
