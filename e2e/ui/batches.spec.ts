import { expect, test } from "@playwright/test";
import { bearer } from "../support/accounts";
import { uploadBatch } from "../api/batch-support";
import { captureScreen } from "./support/accessibility";
import { BatchesPage, BatchPage, UploadPage, ViewerPage } from "./support/documents-pages";
import { invoicePdf } from "./support/documents-samples";
import { signedInUser } from "./support/session";

test("a user uploads three files, watches them complete, corrects a value that survives a reload, and deletes the batch", async ({
  page,
}) => {
  await signedInUser(page, "/batches");
  const batches = new BatchesPage(page);
  await expect(page.getByText("No batches yet")).toBeVisible();
  await captureScreen(page, "batches-empty");

  const upload = new UploadPage(page);
  await upload.goto();
  const files = await Promise.all([
    invoicePdf("invoice-1.pdf", "INV-2001"),
    invoicePdf("invoice-2.pdf", "INV-2002", 2),
    invoicePdf("invoice-3.pdf", "INV-2003"),
  ]);
  await upload.upload(files, "March invoices");
  await upload.expectAllCompleted(3);
  await captureScreen(page, "upload-complete");

  await page.getByRole("link", { name: "Open batch" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "March invoices" })).toBeVisible();
  await expect(page.getByTestId("document-card")).toHaveCount(3);
  await captureScreen(page, "batch-detail");

  await new BatchPage(page).open("invoice-2.pdf");
  const viewer = new ViewerPage(page);
  await viewer.expectPage(1, 2);
  const invoiceNumber = viewer.keyValue("Invoice number");
  await expect(invoiceNumber).toHaveValue("INV-2002");

  // Undo takes back an unsaved edit; the page shows it has unsaved changes meanwhile.
  const total = viewer.keyValue("Total");
  const originalTotal = await total.inputValue();
  await total.fill("999.99 EUR");
  await expect(viewer.thumbnail(1)).toHaveAccessibleName("Page 1 (unsaved changes)");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(total).toHaveValue(originalTotal);

  await invoiceNumber.fill("INV-2002-B");
  await viewer.save();
  await expect(viewer.thumbnail(1)).toHaveAccessibleName("Page 1 (edited)");
  await page.reload();
  await expect(viewer.keyValue("Invoice number")).toHaveValue("INV-2002-B");
  await expect(viewer.thumbnail(1)).toHaveAccessibleName("Page 1 (edited)");
  await expect(page.getByText("Page 1 edited")).toBeVisible();
  await captureScreen(page, "viewer-edited");

  await batches.goto();
  const row = batches.row("March invoices");
  await expect(row).toContainText("Completed");
  await expect(row.getByRole("cell").nth(1)).toHaveText("3");
  await expect(row.getByRole("cell").nth(2)).toHaveText("4");
  await captureScreen(page, "batches-list");
  await batches.deleteBatch("March invoices");
  await expect(page.getByText("No batches yet")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

  test("the batches table scrolls inside its box; the page itself never scrolls sideways", async ({ page }) => {
    const user = await signedInUser(page, "/batches");
    const upload = await uploadBatch(page.request, {
      headers: bearer(user.token),
      files: [await invoicePdf("phone.pdf", "INV-375")],
      batchName: "Phone batch",
      skipProcessing: true,
    });
    expect(upload.status(), await upload.text()).toBe(200);
    const batches = new BatchesPage(page);
    await batches.goto();
    await expect(batches.row("Phone batch")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const table = page.getByRole("table", { name: "Your batches, newest first" });
    const scroller = await table.evaluate((element) => ({
      scrollWidth: element.parentElement!.scrollWidth,
      clientWidth: element.parentElement!.clientWidth,
    }));
    expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    await captureScreen(page, "batches-list-phone");
  });
});
