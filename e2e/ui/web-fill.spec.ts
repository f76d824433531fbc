import { makeTextPdf } from "../../lib/documents/testing/make-pdfs";
import { startFormSite, type FormSite } from "../../lib/web/testing/form-site";
import { captureScreen } from "./support/accessibility";
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

test("a payment form: every field listed, the amount typed as a number, sources link to the page, a currency warning", async ({
  page,
}) => {
  const user = await signedInUser(page, "/web-fill");
  const invoice = {
    name: "usd-invoice.pdf",
    mimeType: "application/pdf",
    buffer: await makeTextPdf([["Invoice", "Invoice number: INV-4410", "Total: 100.44 USD"]]),
  };
  const { batchId } = await uploadAndWait(page.request, user.token, [invoice], "Dollar invoice");

  const screen = new WebFillPage(page);
  await screen.goto();
  await screen.preview(`${site.origin}/payment`);
  await screen.chooseBatch(batchId);

  const progress = page.getByRole("list", { name: "Fill progress" });
  await expect(progress).toContainText("Found 4 fields on the page.");
  await expect(progress).toContainText("Nothing is sent until you press “Submit the form”.");
  await expect(progress).not.toContainText("web-submit");
  // As many rows as fields found: the ones left empty are listed too.
  await expect(page.getByRole("region", { name: "Fields of the form" }).locator("tbody tr")).toHaveCount(4);
  await expect(screen.row("Payer phone")).toContainText("Not filled: no value found");
  await expect(screen.valueOf("Total amount")).toHaveValue("100.44");
  await expect(screen.row("Total amount")).toContainText("100.44 USD without the currency");
  const source = screen.row("Invoice number").getByRole("link", { name: /usd-invoice\.pdf, page 1/ });
  await expect(source).toHaveAttribute(
    "href",
    new RegExp(`^/batches/${batchId}/documents/[0-9a-f-]{36}\\?page=1&box=`),
  );
  await expect(page.getByRole("alert").filter({ hasText: "Check before submitting" })).toContainText(
    "Payment currency is set to EUR, but the amounts filled from the document are in USD.",
  );
  await captureScreen(page, "web-fill-payment");
});

test("add a web page on the upload screen", async ({ page }) => {
  await signedInUser(page, "/upload");
  await page.getByLabel("Page address").fill(`${site.origin}/table`);
  await page.getByRole("button", { name: "Add page" }).click();
  await page.getByRole("link", { name: "Open the page's batch" }).click();
  await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Price-list.pdf" })).toBeVisible({ timeout: 30_000 });
});

test("a currency picker the fill left alone is a select with the page's options, flagged until it matches the invoice", async ({
  page,
}) => {
  const user = await signedInUser(page, "/web-fill");
  const invoice = {
    name: "usd-invoice.pdf",
    mimeType: "application/pdf",
    buffer: await makeTextPdf([["Invoice", "Invoice number: INV-4411", "Total: 250.00 USD"]]),
  };
  const { batchId } = await uploadAndWait(page.request, user.token, [invoice], "Dollar invoice");

  const screen = new WebFillPage(page);
  await screen.goto();
  await screen.preview(`${site.origin}/payment`);
  await screen.chooseBatch(batchId);

  const currency = page.getByRole("combobox", { name: "Value for Payment currency" });
  await expect(currency).toHaveValue("EUR");
  await expect(currency.locator("option")).toHaveText(["EUR – Euro", "USD – US dollar", "GBP – Pound sterling"]);
  await expect(screen.row("Payment currency")).toContainText("Not filled: no value found");
  await expect(screen.row("Payment currency").getByTestId("currency-warning")).toHaveText(
    "The document's amounts are in USD, but EUR is chosen.",
  );
  // A text field stays a text box.
  await expect(page.getByRole("textbox", { name: "Value for Payer phone" })).toBeVisible();
  await captureScreen(page, "web-fill-select-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await captureScreen(page, "web-fill-select-phone");
  await page.setViewportSize({ width: 1280, height: 800 });

  await currency.selectOption("USD");
  await expect(screen.row("Payment currency").getByTestId("currency-warning")).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: "Check before submitting" })).toHaveCount(0);
  await page.getByRole("button", { name: "Apply corrections" }).click();
  await expect(screen.row("Payment currency")).toContainText("Selected", { timeout: 15_000 });
  await screen.submit();
  expect(site.posts).toHaveLength(1);
  expect(site.posts[0].fields).toMatchObject({ invoice_number: "INV-4411", currency: "USD" });
});
