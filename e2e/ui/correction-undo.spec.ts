import { makeTextPdf } from "../../lib/documents/testing/make-pdfs";
import { bearer } from "../support/accounts";
import { captureScreen } from "./support/accessibility";
import { uploadAndWait } from "./support/documents-api";
import { ViewerPage } from "./support/documents-pages";
import { expect, test } from "./support/fixtures";
import { signedInUser } from "./support/session";

interface StoredPage {
  extracted_text: string;
  bounding_boxes: { words: unknown[] };
  structured_data: { key_value_pairs: Array<{ key: string; value: string }> };
}

test("saved corrections are undone as a whole: a key-value and a multi-word text edit, back as they were after a reload", async ({
  page,
}) => {
  const user = await signedInUser(page, "/batches");
  const pdf = await makeTextPdf([
    ["Invoice number: INV-7000", "Invoice from ACMESUPPLY Ltd", "Hex bolts M8 x 20 pieces"],
  ]);
  const { batchId, documentIds } = await uploadAndWait(
    page.request,
    user.token,
    [{ name: "undo.pdf", mimeType: "application/pdf", buffer: pdf }],
    "Undo",
  );
  const stored = async (): Promise<StoredPage> =>
    (await (await page.request.get(`/api/batch/results/${batchId}`, { headers: bearer(user.token) })).json())
      .documents[0].pages[0];
  const original = await stored();
  const invoiceNumber = () =>
    original.structured_data.key_value_pairs.find((pair) => pair.key === "Invoice number")?.value;
  expect(invoiceNumber()).toBe("INV-7000");

  await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);
  const viewer = new ViewerPage(page);
  await viewer.expectPage(1, 1);
  const saved = page.getByTestId("correction-saved");

  // A key-value fix, saved.
  await viewer.keyValue("Invoice number").fill("INV-7001");
  await viewer.save();
  await expect(saved).toHaveText("Invoice number (page 1): “INV-7000” → “INV-7001”");

  // A text edit: one word made two, two made one, a word deleted; saved.
  const edited = original.extracted_text
    .replace("ACMESUPPLY", "ACME SUPPLY")
    .replace("Hex bolts", "Hexbolts")
    .replace(" pieces", "");
  await viewer.text.fill(edited);
  await viewer.save();
  await expect(saved.locator("li")).toHaveText([
    "Text (page 1): “ACMESUPPLY” → “ACME SUPPLY”",
    "Text (page 1): “Hex bolts” → “Hexbolts”",
    "Text (page 1): removed “pieces”",
  ]);
  await expect(page.getByText("1 earlier correction can be undone after this one.")).toBeVisible();
  expect((await stored()).extracted_text).toBe(edited);
  await captureScreen(page, "correction-undo-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await captureScreen(page, "correction-undo-phone");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Undo the text edit, then the key-value fix: each says what it took back.
  await page.getByRole("button", { name: "Undo correction" }).click();
  await expect(page.getByTestId("edit-status")).toHaveText(/^Undone: Text \(page 1\): “ACMESUPPLY” → “ACME SUPPLY”/);
  await expect(viewer.text).toHaveValue(original.extracted_text);
  await expect(saved).toHaveText("Invoice number (page 1): “INV-7000” → “INV-7001”");
  await page.getByRole("button", { name: "Undo correction" }).click();
  await expect(page.getByTestId("edit-status")).toHaveText("Undone: Invoice number (page 1): “INV-7000” → “INV-7001”.");
  await expect(saved).toHaveCount(0);
  await expect(viewer.keyValue("Invoice number")).toHaveValue("INV-7000");

  // After a reload the page is as it was, on the server too: text, every word with its box, the values.
  await page.reload();
  await viewer.expectPage(1, 1);
  await expect(viewer.text).toHaveValue(original.extracted_text);
  await expect(viewer.keyValue("Invoice number")).toHaveValue("INV-7000");
  const restored = await stored();
  expect(restored.extracted_text).toBe(original.extracted_text);
  expect(restored.bounding_boxes.words).toEqual(original.bounding_boxes.words);
  expect(restored.structured_data.key_value_pairs).toEqual(original.structured_data.key_value_pairs);
});
