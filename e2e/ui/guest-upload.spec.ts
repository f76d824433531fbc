import { expect, test } from "@playwright/test";
import { DEFAULT_PASSWORD, uniqueClientAddress, uniqueEmail } from "../support/accounts";
import { captureScreen } from "./support/accessibility";
import { SignUpPage, VerifyEmailPage } from "./support/auth-pages";
import { BatchPage, GuestUploadPanel, ViewerPage } from "./support/documents-pages";
import { invoicePdf, scannedReceiptPng } from "./support/documents-samples";
import { verificationCodeFor } from "./support/outbox";

// Guest sessions are limited per client address; each test comes from its own.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": uniqueClientAddress() });
});

test("a guest uploads a scanned image from the landing page and sees its text and boxes", async ({ page }) => {
  const guest = new GuestUploadPanel(page);
  await guest.goto();
  await guest.expectReady();
  await captureScreen(page, "landing-guest-upload");

  // A file the browser can tell will be refused is refused before anything is sent, saying why, and
  // the guest can pick another file.
  await guest.upload({
    name: "notes.xyz",
    mimeType: "application/octet-stream",
    buffer: Buffer.from("\u0000\u0001 not a document \u0002"),
  });
  const refusal = guest.panel.getByRole("alert");
  await expect(refusal).toContainText("notes.xyz cannot be uploaded");
  await expect(refusal).toContainText("This type of file cannot be read.");
  await refusal.getByRole("button", { name: "Choose another file" }).click();

  await guest.upload(await scannedReceiptPng());
  await expect(guest.panel.getByTestId("upload-file-row")).toContainText("receipt-scan.png");
  await page.waitForURL(/\/batches\/[\w-]+\/documents\/[\w-]+/, { timeout: 60_000 });

  const viewer = new ViewerPage(page);
  await viewer.expectPage(1, 1);
  await expect(viewer.text).toHaveValue(/RECEIPT/);
  await expect(viewer.text).toHaveValue(/42[.,]00/);
  await expect(viewer.wordBoxes().first()).toBeAttached();
  expect(await viewer.wordBoxes().count()).toBeGreaterThanOrEqual(4);
  await expect(page.getByRole("img", { name: "Page 1 of receipt-scan.png" })).toBeVisible();
  await viewer.wordBoxes().first().hover();
  await expect(page.getByTestId("hovered-box")).toContainText(/confidence \d+%/);
  await expect(page.getByText("You are viewing as a guest")).toBeVisible();
  await captureScreen(page, "viewer-guest");

  // The allowance is used: the landing page says so before any upload, and leads back to the result.
  await guest.goto();
  await expect(guest.panel.getByTestId("guest-limits")).toContainText("Guest limit reached");
  await expect(guest.panel.getByLabel("Choose a file")).toHaveCount(0);
  await guest.panel.getByRole("link", { name: "Open your document" }).click();
  await expect(page.getByTestId("document-card").filter({ hasText: "receipt-scan.png" })).toBeVisible();
});

test("a guest signs up to keep the upload, and finds it in the new account", async ({ page }) => {
  const guest = new GuestUploadPanel(page);
  await guest.goto();
  await guest.expectReady();
  await guest.upload(await invoicePdf("kept-invoice.pdf", "INV-3001"));
  await page.waitForURL(/\/documents\//, { timeout: 45_000 });
  await expect(new ViewerPage(page).keyValue("Invoice number")).toHaveValue("INV-3001");

  await page.getByRole("link", { name: "Sign up to keep this document" }).click();
  const user = { email: uniqueEmail("guest"), password: DEFAULT_PASSWORD };
  await new SignUpPage(page).signUp(user);
  await page.waitForURL(/\/verify-email/);
  const verify = new VerifyEmailPage(page);
  await verify.enterCode(await verificationCodeFor(page, user.email));
  await verify.expectVerified();
  await page.getByRole("link", { name: "Continue" }).click();

  // The claim page moves the guest's batch to the account and opens it.
  await page.waitForURL(/\/batches\/[0-9a-f-]{36}$/);
  await new BatchPage(page).open("kept-invoice.pdf");
  await expect(page.getByRole("button", { name: "Save changes" })).toBeVisible();
  await page.goto("/batches");
  await expect(page.getByTestId("batch-row")).toHaveCount(1);
});
