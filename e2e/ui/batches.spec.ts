import { expect, test } from "@playwright/test";
import { captureScreen } from "./support/accessibility";
import { BatchesPage, BatchPage, UploadPage, ViewerPage } from "./support/documents-pages";
import { invoicePdf } from "./support/documents-samples";
import { signedInUser } from "./support/session";

test("a user uploads three files, watches them complete, corrects a value that survives a reload, and deletes the batch", async ({ page }) => {
  await signedInUser(page, "/batches");
  const batches = new BatchesPage(page);
  await expect(page.getByText("No batches yet")).toBeVisible();
  await captureScreen(page, "batches-empty");

  const upload = new UploadPage(page);
  await upload.goto();
  const files = await Promise.all([invoicePdf("invoice-1.pdf", "INV-2001"), invoicePdf("invoice-2.pdf", "INV-2002", 2), invoicePdf("invoice-3.pdf", "INV-2003")]);
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
