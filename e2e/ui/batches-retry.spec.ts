import { expect, test } from "@playwright/test";
import { bearer } from "../support/accounts";
import { corruptStoredOriginal, hideStoredOriginal, uploadBatch, waitForBatch } from "../api/batch-support";
import { BatchesPage, BatchPage } from "./support/documents-pages";
import { invoicePdf } from "./support/documents-samples";
import { signedInUser } from "./support/session";
import { SCREENS } from "./support/screens";

test("a document that failed is retried from the batches list and completes without a manual refresh", async ({
  page,
}) => {
  const user = await signedInUser(page, "/batches");
  const auth = bearer(user.token);
  // The injected failure of the API suite: the stored original is taken away before reading starts.
  const upload = await uploadBatch(page.request, {
    headers: auth,
    files: [await invoicePdf("retry-me.pdf", "INV-5150")],
    batchName: "Retry me",
    skipProcessing: true,
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const batch = await upload.json();
  const original = hideStoredOriginal(batch.batch_id, batch.documents[0].document_id, "pdf");
  expect((await page.request.post(`/api/batch/${batch.batch_id}/process`, { headers: auth })).status()).toBe(200);
  expect(await waitForBatch(page.request, batch.batch_id, auth)).toMatchObject({ status: "failed" });

  const batches = new BatchesPage(page);
  await batches.goto();
  const row = batches.row("Retry me");
  await expect(row.getByTestId("batch-status")).toHaveText("Failed");

  original.restore();
  await row.getByRole("button", { name: "Retry failed documents of Retry me" }).click();
  await expect(page.getByText("Retrying 1 document(s); completed pages are kept.")).toBeVisible();
  await expect(row.getByTestId("batch-status")).toHaveText("Completed", { timeout: 45_000 });
  await expect(row.getByRole("button", { name: /^Retry/ })).toHaveCount(0);

  await row.getByRole("link", { name: "Retry me" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Retry me" })).toBeVisible();
  await expect(new BatchPage(page).documentCard("retry-me.pdf")).toContainText("Completed");
  await expect(new BatchPage(page).documentCard("retry-me.pdf")).toContainText("1 of 1 page read");
});

for (const [screen, device] of SCREENS) {
  test.describe(`on a ${screen}`, () => {
    test.use(device);

    test("a file that cannot be read shows a red, failed bar and no retry that would only fail again", async ({
      page,
    }) => {
      const user = await signedInUser(page, "/batches");
      const auth = bearer(user.token);
      const upload = await uploadBatch(page.request, {
        headers: auth,
        files: [await invoicePdf("broken.pdf", "INV-404")],
        batchName: "Broken file",
        skipProcessing: true,
      });
      const batch = await upload.json();
      corruptStoredOriginal(batch.batch_id, batch.documents[0].document_id, "pdf");
      expect((await page.request.post(`/api/batch/${batch.batch_id}/process`, { headers: auth })).status()).toBe(200);
      expect(await waitForBatch(page.request, batch.batch_id, auth)).toMatchObject({
        status: "failed",
        documents: [{ retryable: false }],
      });

      await page.goto(`/batches/${batch.batch_id}`);
      const card = new BatchPage(page).documentCard("broken.pdf");
      await expect(card).toContainText("Could not be read");
      await expect(card).toContainText("Retrying would not help");
      await expect(card.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "failed");
      await expect(card.getByTestId("progress-failed")).toBeVisible();
      await expect(card.getByTestId("progress-done")).toHaveCSS("width", "0px");
      await expect(page.getByRole("button", { name: /^Retry/ })).toHaveCount(0);
    });
  });
}
