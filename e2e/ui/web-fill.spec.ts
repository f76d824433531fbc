import { makeTextPdf } from "../../lib/documents/testing/make-pdfs";
import { startFormSite, type FormSite } from "../../lib/web/testing/form-site";
import { uploadAndWait } from "./support/documents-api";
import { expect, test } from "./support/fixtures";
import { signedInUser } from "./support/session";
import { WebFillPage } from "./support/web-fill-page";

let site: FormSite;
test.beforeEach(async () => {
  site = await startFormSite();
});
test.afterEach(async () => {
  await site.close();
});

test("fill a web form from a document: preview, fill with sources, correct, submit", async ({ page }) => {
  const user = await signedInUser(page, "/web-fill");
  const invoice = {
    name: "invoice.pdf",
    mimeType: "application/pdf",
    buffer: await makeTextPdf([["Invoice number: INV-5150", "Customer: Initech", "Total: 99.90 EUR"]]),
  };
  const { batchId } = await uploadAndWait(page.request, user.token, [invoice], "Invoice for the form");

  const screen = new WebFillPage(page);
  await screen.goto();
  await screen.preview(`${site.origin}/form`);
  await expect(page.getByText("Invoice intake")).toBeVisible();

  await screen.chooseBatch(batchId);
  await expect(screen.valueOf("Invoice number")).toHaveValue("INV-5150");
  await expect(screen.valueOf("Customer name")).toHaveValue("Initech");
  await expect(screen.row("Invoice number")).toContainText("invoice.pdf, page 1");
  expect(site.posts).toHaveLength(0);

  await screen.correct("Customer name", "Initech LLC");
  await screen.submit();
  await expect(page.getByText(/Received ·/)).toBeVisible();
  expect(site.posts).toHaveLength(1);
  expect(site.posts[0].fields).toMatchObject({ invoice_number: "INV-5150", customer: "Initech LLC", total: "99.9" });
});

test("add a web page on the upload screen", async ({ page }) => {
  await signedInUser(page, "/upload");
  await page.getByLabel("Page address").fill(`${site.origin}/table`);
  await page.getByRole("button", { name: "Add page" }).click();
  await page.getByRole("link", { name: "Open the page's batch" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Price-list.pdf" })).toBeVisible({ timeout: 30_000 });
});
