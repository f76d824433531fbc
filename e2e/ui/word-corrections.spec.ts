import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import sharp from "sharp";
import { boxIou, tesseractCliWords } from "@/lib/documents/testing/box-agreement";
import { readDocx } from "@/lib/documents/office/read-docx";
import { makeDocx } from "@/lib/documents/testing/make-office-files";
import { textSvg } from "@/lib/documents/testing/render-text-image";
import { bearer } from "../support/accounts";
import { uploadAndWait } from "./support/documents-api";
import { ViewerPage } from "./support/documents-pages";
import { signedInUser } from "./support/session";

// Word boxes a person can trust and correct: on a skewed, noisy scan a word is clicked, corrected
// in place and found again after a reload at the same place; the results API answers it with a box
// on the word's pixels (the Tesseract CLI's box of the same word in the same image); an office
// file's page shows its picture with the boxes on its text.

interface ApiWord {
  text: string;
  original_text?: string;
  angle?: number;
  box: { x: number; y: number; width: number; height: number };
}

async function skewedScan(): Promise<Buffer> {
  const lines = ["ACME SUPPLY COMPANY", "Invoice number: INV-5120", "Total due: 367.80 EUR"];
  const upright = await sharp(textSvg(lines, { fontSize: 44, width: 1400, margin: 100 }))
    .flatten({ background: "#fff" })
    .png()
    .toBuffer();
  return sharp(upright)
    .rotate(4, { background: "#fff" })
    .jpeg({ quality: 70 })
    .withMetadata({ density: 300 })
    .toBuffer();
}

async function pageWords(
  request: APIRequestContext,
  token: string,
  batchId: string,
): Promise<{ words: ApiWord[]; text: string; imageUrl: string }> {
  const results = await (await request.get(`/api/batch/results/${batchId}`, { headers: bearer(token) })).json();
  const page = results.documents[0].pages[0];
  return { words: page.bounding_boxes.words, text: page.extracted_text, imageUrl: page.image_url };
}

test("a word on a skewed scan is corrected in place and stays on its pixels", async ({ page }) => {
  const user = await signedInUser(page, "/batches");
  const scan = await skewedScan();
  const { batchId, documentIds } = await uploadAndWait(
    page.request,
    user.token,
    [{ name: "skewed.jpg", mimeType: "image/jpeg", buffer: scan }],
    "Skewed",
  );
  await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);
  const viewer = new ViewerPage(page);
  await viewer.expectPage(1, 1);

  const supply = viewer.wordBoxes().filter({ has: page.locator("title", { hasText: /^SUPPLY —/ }) });
  const placed = await supply.evaluate((rect) =>
    ["x", "y", "width", "height"].map((name) => Number(rect.getAttribute(name))),
  );
  await supply.click();
  const editor = page.getByTestId("word-editor");
  await expect(editor).toHaveValue("SUPPLY");
  await editor.fill("SUPPLIES");
  await editor.press("Enter");
  await expect(editor).toHaveCount(0);
  await expect(viewer.text).toHaveValue(/ACME SUPPLIES COMPANY/);

  await page.reload();
  await viewer.expectPage(1, 1);
  const corrected = viewer.wordBoxes().filter({ has: page.locator("title", { hasText: "SUPPLIES — confidence" }) });
  await expect(corrected.locator("title")).toContainText("read as SUPPLY");
  expect(
    await corrected.evaluate((rect) => ["x", "y", "width", "height"].map((name) => Number(rect.getAttribute(name)))),
  ).toEqual(placed);

  // The API answers the correction where the word's pixels are: the native CLI's box of it in the same image.
  const { words, text } = await pageWords(page.request, user.token, batchId);
  const word = words.find((candidate) => candidate.text === "SUPPLIES")!;
  expect(word.original_text).toBe("SUPPLY");
  expect(Math.abs(word.angle! - 4)).toBeLessThan(1);
  expect(text).toContain("ACME SUPPLIES COMPANY");
  const folder = await mkdtemp(path.join(tmpdir(), "word-corrections-"));
  try {
    await writeFile(path.join(folder, "scan.jpg"), scan);
    const { width, height } = await sharp(scan).metadata();
    // The CLI reads this JPEG's word as "SUPPLy": the same word, whatever its case.
    const reference = (await tesseractCliWords(path.join(folder, "scan.jpg"), width!, height!)).find(
      (candidate) => candidate.text.toUpperCase() === "SUPPLY",
    );
    expect(reference, "the Tesseract CLI reads SUPPLY in the scan").toBeDefined();
    expect(boxIou(word.box, reference!.box)).toBeGreaterThan(0.5);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test("a saved word correction says what it changed and can be undone", async ({ page }) => {
  const user = await signedInUser(page, "/batches");
  const { batchId, documentIds } = await uploadAndWait(
    page.request,
    user.token,
    [{ name: "undo.jpg", mimeType: "image/jpeg", buffer: await skewedScan() }],
    "Undo",
  );
  await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);
  const viewer = new ViewerPage(page);
  await viewer.expectPage(1, 1);
  await viewer
    .wordBoxes()
    .filter({ has: page.locator("title", { hasText: /^COMPANY —/ }) })
    .click();
  const editor = page.getByTestId("word-editor");
  await editor.fill("COMPANIES");
  await editor.press("Enter");
  await expect(viewer.text).toHaveValue(/ACME SUPPLY COMPANIES/);
  await expect(page.getByTestId("correction-saved")).toHaveText("Text (page 1): “COMPANY” → “COMPANIES”");

  await page.getByRole("button", { name: "Undo correction" }).click();
  await expect(viewer.text).toHaveValue(/ACME SUPPLY COMPANY\b/);
  await expect(page.getByTestId("correction-saved")).toHaveCount(0);
  const { text } = await pageWords(page.request, user.token, batchId);
  expect(text).toContain("ACME SUPPLY COMPANY");
  expect(text).not.toContain("COMPANIES");
});

test("keyboard: arrows move a visible focus between words, Enter opens one, Escape leaves it unchanged", async ({
  page,
}) => {
  const user = await signedInUser(page, "/batches");
  const { batchId, documentIds } = await uploadAndWait(
    page.request,
    user.token,
    [{ name: "keys.jpg", mimeType: "image/jpeg", buffer: await skewedScan() }],
    "Keys",
  );
  await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);
  const viewer = new ViewerPage(page);
  await viewer.expectPage(1, 1);
  await page.getByRole("region", { name: /Arrow keys move between words/ }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("focused-word")).toBeAttached();
  await expect(page.getByTestId("hovered-box")).toContainText("“ACME”");
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("hovered-box")).toContainText("“SUPPLY”");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByTestId("hovered-box")).toContainText(/“(Invoice|number:)”/);
  await page.keyboard.press("Enter");
  const editor = page.getByTestId("word-editor");
  await expect(editor).toBeFocused();
  await editor.fill("changed");
  await editor.press("Escape");
  await expect(editor).toHaveCount(0);
  expect((await pageWords(page.request, user.token, batchId)).words.some((word) => word.text === "changed")).toBe(
    false,
  );
});

test("an office file's page shows its picture with the word boxes on its text", async ({ page }) => {
  const user = await signedInUser(page, "/batches");
  const docx = await makeDocx({
    heading: "Quarterly Report",
    paragraphs: ["Revenue grew by twelve percent in the third quarter."],
  });
  const { batchId, documentIds } = await uploadAndWait(
    page.request,
    user.token,
    [
      {
        name: "report.docx",
        mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        buffer: docx,
      },
    ],
    "Office",
  );
  await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);
  const viewer = new ViewerPage(page);
  await viewer.expectPage(1, 1);
  const image = viewer.canvas.getByRole("img", { name: /Page 1 of report.docx/ });
  await expect(image).toBeVisible();
  // Visible comes before decoded: wait for the picture itself to load.
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
  await expect(viewer.wordBoxes().filter({ has: page.locator("title", { hasText: /^Revenue —/ }) })).toHaveCount(1);

  // Every word box holds ink of the served image.
  const { words, imageUrl } = await pageWords(page.request, user.token, batchId);
  const png = Buffer.from(await (await page.request.get(imageUrl)).body());
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  for (const word of words) {
    let dark = 0;
    for (
      let y = Math.floor(word.box.y * info.height);
      y < Math.ceil((word.box.y + word.box.height) * info.height);
      y++
    ) {
      for (let x = Math.floor(word.box.x * info.width); x < Math.ceil((word.box.x + word.box.width) * info.width); x++)
        if (data[(y * info.width + x) * info.channels] < 128) dark++;
    }
    expect(dark, word.text).toBeGreaterThan(0);
  }
});

test("an office file LibreOffice prints on fewer pages than counted shows each printed page's picture and boxes", async ({
  page,
}) => {
  const user = await signedInUser(page, "/batches");
  // 7 pt lines without spacing: counted natively (10 pt with spacing) on more pages than printed.
  const paragraphs = Array.from(
    { length: 120 },
    (_, index) => `Entry ${index + 1} delivered to warehouse ${index % 7}`,
  );
  const docx = await makeDocx({ heading: "Delivery Log", paragraphs, bodySize: 7 });
  const counted = (await readDocx(docx)).length;
  const { batchId, documentIds } = await uploadAndWait(
    page.request,
    user.token,
    [
      {
        name: "log.docx",
        mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        buffer: docx,
      },
    ],
    "Office log",
  );
  const status = await (await page.request.get(`/api/batch/status/${batchId}`, { headers: bearer(user.token) })).json();
  expect(status).toMatchObject({ status: "completed", progress: 100 });
  const printed = status.pages_total as number;
  expect(printed).toBeLessThan(counted);
  expect(status.pages_done).toBe(printed);

  await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);
  const viewer = new ViewerPage(page);
  await viewer.expectPage(1, printed);
  await viewer.thumbnail(printed).click();
  await viewer.expectPage(printed, printed);
  const image = viewer.canvas.getByRole("img", { name: new RegExp(`Page ${printed} of log.docx`) });
  await expect(image).toBeVisible();
  // Visible comes before decoded: wait for the picture itself to load.
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
  await expect(
    viewer
      .wordBoxes()
      .filter({ has: page.locator("title", { hasText: /^Entry —/ }) })
      .first(),
  ).toBeVisible();
});
