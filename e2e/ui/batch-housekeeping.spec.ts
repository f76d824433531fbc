import { bearer } from "../support/accounts";
import { uploadBatch } from "../api/batch-support";
import { expect, test } from "./support/fixtures";
import { captureScreen } from "./support/accessibility";
import { uploadAndWait } from "./support/documents-api";
import { BatchesPage, BatchPage } from "./support/documents-pages";
import { invoicePdf } from "./support/documents-samples";
import { SCREENS } from "./support/screens";
import { signedInUser } from "./support/session";

const LONG_NAME = "Quarterly supplier invoices for the northern warehouse, second delivery";

for (const [screen, device] of SCREENS) {
  test.describe(`on a ${screen}`, () => {
    test.use(device);

    test("batches are found by name, file name, status and day, and long names stay readable", async ({ page }) => {
      const user = await signedInUser(page, "/batches");
      await uploadAndWait(page.request, user.token, [await invoicePdf("march-1.pdf", "INV-1")], "March invoices");
      for (const [name, file] of [
        ["Receipts", "receipt-77.pdf"],
        [LONG_NAME, "north.pdf"],
      ]) {
        const upload = await uploadBatch(page.request, {
          headers: bearer(user.token),
          files: [await invoicePdf(file, "INV-2")],
          batchName: name,
          skipProcessing: true,
        });
        expect(upload.status()).toBe(200);
      }
      const batches = new BatchesPage(page);
      await batches.goto();
      const rows = page.getByTestId("batch-row");
      await expect(rows).toHaveCount(3);

      const search = page.getByRole("searchbox", { name: "Search" });
      await search.fill("MARCH");
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText("March invoices");
      await search.fill("receipt-77");
      await expect(rows).toHaveCount(1);
      await expect(rows).toContainText("Receipts");
      await search.fill("");
      await page.getByLabel("Status", { exact: true }).selectOption({ label: "Uploaded" });
      await expect(rows).toHaveCount(2);
      await page.getByLabel("Status", { exact: true }).selectOption({ label: "Any status" });
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      await page.getByLabel("Created from").fill(tomorrow);
      await expect(page.getByText("No batches match these filters.")).toBeVisible();
      await page.getByLabel("Created from").fill("");
      await expect(rows).toHaveCount(3);

      // The long name wraps inside its cell instead of being cut to a few letters.
      const longLink = rows.getByRole("link", { name: LONG_NAME });
      await expect(longLink).toBeVisible();
      const cut = await longLink.evaluate((link) => {
        const cell = link.closest("td") as HTMLElement;
        return cell.scrollWidth > cell.clientWidth || getComputedStyle(cell).textOverflow === "ellipsis";
      });
      expect(cut).toBe(false);
      await captureScreen(page, `batches-filters-${screen}`);
    });

    test("a batch is renamed, and one of its documents deleted, from the batch page", async ({ page }) => {
      const user = await signedInUser(page, "/batches");
      const { batchId } = await uploadAndWait(
        page.request,
        user.token,
        [await invoicePdf("keep.pdf", "INV-1"), await invoicePdf("drop.pdf", "INV-2")],
        "First name",
      );
      await page.goto(`/batches/${batchId}`);
      await expect(page.getByRole("heading", { level: 1, name: "First name" })).toBeVisible();

      await page.getByRole("button", { name: "Rename" }).click();
      const nameField = page.getByLabel("Batch name", { exact: true });
      await expect(nameField).toHaveValue("First name");
      await nameField.fill("Renamed batch");
      await page.getByRole("button", { name: "Save name" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Renamed batch" })).toBeVisible();
      await expect(page.getByText("Renamed the batch to “Renamed batch”.")).toBeVisible();

      const batch = new BatchPage(page);
      await batch.documentCard("drop.pdf").getByRole("button", { name: "Delete drop.pdf" }).click();
      const dialog = page.getByRole("dialog", { name: "Delete “drop.pdf”?" });
      await expect(dialog).toBeVisible();
      await captureScreen(page, `document-delete-dialog-${screen}`, { fullPage: false });
      await dialog.getByRole("button", { name: "Delete document" }).click();
      await expect(page.getByTestId("document-card")).toHaveCount(1);
      await expect(batch.documentCard("keep.pdf")).toBeVisible();

      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Renamed batch" })).toBeVisible();
      await expect(page.getByTestId("document-card")).toHaveCount(1);
      await captureScreen(page, `batch-renamed-${screen}`);
    });
  });
}
