import { makeTextPdf } from "../../lib/documents/testing/make-pdfs";
import { bearer } from "../support/accounts";
import { expect, test } from "./support/fixtures";
import { captureScreen } from "./support/accessibility";
import { uploadAndWait } from "./support/documents-api";
import { ViewerPage } from "./support/documents-pages";
import { SCREENS } from "./support/screens";
import { signedInUser } from "./support/session";

// A page's text edited in its text box, by keyboard alone: the changes are highlighted word by word
// before saving, and once saved the words are on the page (split, corrected, inserted, deleted), or,
// for a text unrelated to the page, the page says its boxes are estimates.

async function openInvoice(page: import("@playwright/test").Page) {
  const user = await signedInUser(page, "/batches");
  const pdf = await makeTextPdf([["Invoice from ACMESUPPLY Ltd", "Hex bolts M8 x 20 pieces"]]);
  const { batchId, documentIds } = await uploadAndWait(
    page.request,
    user.token,
    [{ name: "order.pdf", mimeType: "application/pdf", buffer: pdf }],
    "Text edits",
  );
  await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);
  const viewer = new ViewerPage(page);
  await viewer.expectPage(1, 1);
  const results = async () =>
    (await (await page.request.get(`/api/batch/results/${batchId}`, { headers: bearer(user.token) })).json())
      .documents[0].pages[0];
  return { viewer, results };
}

for (const [screen, device] of SCREENS) {
  test.describe(`on a ${screen}`, () => {
    test.use(device);

    test("the page's text is edited in its text box, the changes highlighted before saving and placed on the page after", async ({
      page,
    }) => {
      const { viewer, results } = await openInvoice(page);
      await viewer.text.focus();
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.type("Invoice from ACME SUPPLY Ltd\nHex bolts M10 stainless x 20");

      const changes = page.getByRole("region", { name: "Unsaved text changes" });
      await expect(changes).toContainText("Changes to save: 4 words added, 3 words removed");
      await expect(changes.locator("ins")).toHaveText([/ACME SUPPLY/, /M10 stainless/]);
      await expect(changes.locator("del")).toHaveText([/ACMESUPPLY/, /M8/, /pieces/]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await captureScreen(page, `viewer-text-changes-${screen}`);

      // Saved from the keyboard.
      await page.getByRole("button", { name: "Save changes" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("edit-status")).toHaveText(
        "Saved 1 page. Page 1: 7 words kept, 2 changed, 2 inserted, 1 removed.",
      );
      await expect(changes).toHaveCount(0);
      await expect(
        viewer.wordBoxes().filter({ has: page.locator("title", { hasText: /^stainless — .*placed by estimate$/ }) }),
      ).toHaveCount(1);
      await expect(
        viewer.wordBoxes().filter({ has: page.locator("title", { hasText: /^M10 — .*read as M8$/ }) }),
      ).toHaveCount(1);

      const stored = await results();
      expect(stored.extracted_text).toBe("Invoice from ACME SUPPLY Ltd\nHex bolts M10 stainless x 20");
      expect(stored.bounding_boxes.words.map((word: { text: string }) => word.text)).toEqual([
        "Invoice",
        "from",
        "ACME",
        "SUPPLY",
        "Ltd",
        "Hex",
        "bolts",
        "M10",
        "stainless",
        "x",
        "20",
      ]);
    });
  });
}

test("a text unrelated to the page replaces it, and the page says its boxes are estimates", async ({ page }) => {
  const { viewer, results } = await openInvoice(page);
  await viewer.text.fill("EDITED BY EVAL");
  await expect(page.getByRole("region", { name: "Unsaved text changes" })).toContainText(
    "3 words added, 10 words removed",
  );
  await viewer.save();
  await expect(page.getByTestId("text-replaced")).toBeVisible();
  await expect(viewer.text).toHaveValue("EDITED BY EVAL");
  await expect(viewer.wordBoxes()).toHaveCount(3);
  await captureScreen(page, "viewer-text-replaced");
  expect((await results()).bounding_boxes.text_replaced).toBe(true);
});
