import { expect, test } from "@playwright/test";
import { bearer } from "../support/accounts";
import { uploadBatch } from "../api/batch-support";
import { BatchPage, ViewerPage } from "./support/documents-pages";
import { uploadAndWait } from "./support/documents-api";
import { invoicePdf } from "./support/documents-samples";
import { signedInUser } from "./support/session";

test("a long document is fetched a few pages at a time as the reader moves through it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const user = await signedInUser(page, "/batches");
  const { batchId, documentIds } = await uploadAndWait(
    page.request,
    user.token,
    [await invoicePdf("long.pdf", "INV-10", 10)],
    "Long document",
  );
  const windows: string[] = [];
  const documentFilters: (string | null)[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith("/api/batch/results/")) return;
    windows.push(`${url.searchParams.get("page_offset")}+${url.searchParams.get("page_limit")}`);
    documentFilters.push(url.searchParams.get("document_id"));
  });

  await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);
  const viewer = new ViewerPage(page);
  await viewer.expectPage(1, 10);
  await expect(page.getByTestId("page-thumbnail")).toHaveCount(10);
  expect(windows).toEqual(["0+5"]);

  await viewer.thumbnail(10).click();
  await viewer.expectPage(10, 10);
  await expect(viewer.text).toHaveValue(/Appendix page 10/);
  expect(windows).toContain("5+5");
  expect(windows.every((window) => window.endsWith("+5"))).toBe(true);
  // Each window asks for this document's pages only, not every document's.
  expect(documentFilters.every((documentId) => documentId === documentIds[0])).toBe(true);
  await expect(page).toHaveURL(/\?page=10$/);
});

test("boxes and values point at each other; layers and zoom change the picture", async ({ page }) => {
  const user = await signedInUser(page, "/batches");
  const { batchId } = await uploadAndWait(
    page.request,
    user.token,
    [await invoicePdf("linked.pdf", "INV-4242")],
    "Linked",
  );
  await page.goto(`/batches/${batchId}`);
  await new BatchPage(page).open("linked.pdf");
  const viewer = new ViewerPage(page);

  // A value focused in the panel is marked on the page.
  await expect(page.getByTestId("selected-box")).toHaveCount(0);
  await viewer.keyValue("Invoice number").focus();
  await expect(page.getByTestId("selected-box")).toBeAttached();

  // A word clicked on the page marks the value it belongs to.
  const word = viewer.canvas
    .locator('rect[data-box^="words:"]')
    .filter({ has: page.locator("title", { hasText: "INV-4242" }) });
  await word.hover();
  await expect(page.getByTestId("hovered-box")).toContainText("“INV-4242” · confidence 100%");
  await word.click();
  await expect(page.getByTestId("key-value").filter({ hasText: "Invoice number" })).toHaveAttribute(
    "data-marked",
    "true",
  );

  await page.getByLabel("Boxes").selectOption("lines");
  await expect(viewer.canvas.locator('rect[data-box^="lines:"]').first()).toBeAttached();
  await expect(viewer.canvas.locator('rect[data-box^="words:"]')).toHaveCount(0);

  const before = (await viewer.canvas.boundingBox())!.width;
  await page.getByRole("button", { name: "Zoom in" }).click();
  await expect(page.getByTestId("zoom-level")).toHaveText("125%");
  await expect.poll(async () => (await viewer.canvas.boundingBox())!.width).toBeGreaterThan(before * 1.2);
  await page.getByRole("button", { name: "Fit width" }).click();
  await expect(page.getByTestId("zoom-level")).toHaveText("100%");
});

test("pages read after the viewer opened appear by themselves, and a page number goes straight to its page", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const user = await signedInUser(page, "/batches");
  // Uploaded without reading, so the viewer opens before any page is read.
  const sample = await invoicePdf("late.pdf", "INV-20", 12);
  const upload = await uploadBatch(page.request, {
    headers: bearer(user.token),
    files: [sample],
    batchName: "Read later",
    skipProcessing: true,
  });
  expect(upload.status(), await upload.text()).toBe(200);
  const { batch_id: batchId, documents } = (await upload.json()) as {
    batch_id: string;
    documents: { document_id: string }[];
  };
  await page.goto(`/batches/${batchId}/documents/${documents[0].document_id}`);
  await expect(page.getByText("Page 1 is not read yet")).toBeVisible();
  const viewer = new ViewerPage(page);
  await expect(viewer.thumbnail(2).locator("img")).toHaveCount(0);

  const started = await page.request.post(`/api/batch/${batchId}/process`, { headers: bearer(user.token) });
  expect(started.status(), await started.text()).toBe(200);
  // No reload and no click: the page and the thumbnails fill in as the reading finishes.
  await expect(viewer.canvas).toBeVisible({ timeout: 45_000 });
  await viewer.expectPage(1, 12);
  await expect(viewer.thumbnail(2).locator("img")).toHaveCount(1, { timeout: 45_000 });

  const goTo = page.getByLabel("Go to page");
  await goTo.fill("12");
  await goTo.press("Enter");
  await viewer.expectPage(12, 12);
  await expect(viewer.text).toHaveValue(/Appendix page 12/);
  await goTo.fill("13");
  await expect(page.getByRole("button", { name: "Go", exact: true })).toBeDisabled();
});

test("a corrected key-value offers to change the same words in the page's text and entities", async ({ page }) => {
  const user = await signedInUser(page, "/batches");
  const { batchId, documentIds } = await uploadAndWait(
    page.request,
    user.token,
    [await invoicePdf("same-value.pdf", "INV-5151")],
    "Same value",
  );
  await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);
  const viewer = new ViewerPage(page);
  await viewer.expectPage(1, 1);
  const invoiceNumber = viewer.keyValue("Invoice number");
  await expect(invoiceNumber).toHaveValue("INV-5151");
  await invoiceNumber.fill("INV-5152");
  const offer = page.getByTestId("same-value-offer");
  await expect(offer).toContainText("“INV-5151” still stands in the text (1)");
  await offer.getByRole("button", { name: "Change it to “INV-5152” there too" }).click();
  await expect(viewer.text).toHaveValue(/Invoice number: INV-5152/);
  await expect(offer).toHaveCount(0);
  await viewer.save();
  await page.reload();
  await expect(viewer.text).toHaveValue(/Invoice number: INV-5152/);
  await expect(viewer.keyValue("Invoice number")).toHaveValue("INV-5152");
});
