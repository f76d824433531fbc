import { readFile } from "node:fs/promises";
import mammoth from "mammoth";
import { expect, test, type Page } from "@playwright/test";
import { pdfToText } from "../../lib/export/testing/read-back";
import { bearer } from "../support/accounts";
import { ViewerPage } from "./support/documents-pages";
import { uploadAndWait } from "./support/documents-api";
import { invoicePdf } from "./support/documents-samples";
import { signedInUser } from "./support/session";

async function exportFrom(page: Page, item: string): Promise<{ name: string; bytes: Buffer }> {
  const downloading = page.waitForEvent("download");
  await page.getByTestId("export-menu").getByLabel("Export").click();
  await page.getByRole("menuitem", { name: item, exact: true }).click();
  const download = await downloading;
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

test("the viewer's Export menu downloads a PDF and a DOCX with the unsaved correction", async ({ page }) => {
  const user = await signedInUser(page, "/batches");
  const { batchId, documentIds } = await uploadAndWait(
    page.request,
    user.token,
    [await invoicePdf("exported.pdf", "INV-3030")],
    "Quarter close",
  );
  await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);
  const viewer = new ViewerPage(page);
  await viewer.expectPage(1, 1);
  await viewer.keyValue("Invoice number").fill("INV-3031");

  const report = await exportFrom(page, "Report PDF");
  expect(report.name).toBe("Quarter close-report.pdf");
  expect(await pdfToText(report.bytes)).toContain("INV-3031");
  await expect(page.getByText("Downloaded Quarter close-report.pdf.")).toBeVisible();

  const docx = await exportFrom(page, "Word (DOCX)");
  expect(docx.name).toBe("Quarter close.docx");
  expect((await mammoth.extractRawText({ buffer: docx.bytes })).value).toContain("INV-3031");

  const csv = await exportFrom(page, "CSV");
  expect(csv.name).toBe("exported.csv");
  expect(csv.bytes.toString("utf8")).toContain("INV-3031");
});

test("the batch's Export menu downloads every document in one CSV, JSON and Markdown file", async ({ page }) => {
  const user = await signedInUser(page, "/batches");
  const { batchId } = await uploadAndWait(
    page.request,
    user.token,
    [await invoicePdf("first.pdf", "INV-7001"), await invoicePdf("second.pdf", "INV-7002")],
    "Month end",
  );
  await page.goto(`/batches/${batchId}`);

  const csv = await exportFrom(page, "CSV");
  expect(csv.name).toBe("Month end.csv");
  const csvText = csv.bytes.toString("utf8");
  expect(csvText).toContain("document,first.pdf");
  expect(csvText).toContain("document,second.pdf");
  expect(csvText.indexOf("INV-7001")).toBeLessThan(csvText.indexOf("INV-7002"));

  const json = await exportFrom(page, "JSON");
  expect(json.name).toBe("Month end.json");
  const parsed = JSON.parse(json.bytes.toString("utf8")) as { documents: { file_name: string; fields: object }[] };
  expect(parsed.documents.map((document) => document.file_name)).toEqual(["first.pdf", "second.pdf"]);
  expect(Object.values(parsed.documents[1].fields)).toContain("INV-7002");

  const markdown = await exportFrom(page, "Markdown");
  expect(markdown.name).toBe("Month end.md");
  const markdownText = markdown.bytes.toString("utf8");
  expect(markdownText).toMatch(/^# Month end\n/);
  expect(markdownText).toContain("## first.pdf");
  expect(markdownText).toContain("### Page 1");
  await expect(page.getByText("Downloaded Month end.md.")).toBeVisible();
});

test("the library lists, downloads, processes and deletes a saved file", async ({ page }) => {
  const user = await signedInUser(page, "/batches");
  const pdf = await invoicePdf("saved-invoice.pdf", "INV-5050");
  const saved = await page.request.post("/api/batch/save-generated-file", {
    headers: bearer(user.token),
    data: {
      action: "save_to_library",
      file_name: pdf.name,
      content_base64: pdf.buffer.toString("base64"),
      description: "From the chat",
    },
  });
  expect(saved.status()).toBe(200);

  await page.goto("/library");
  const row = page.getByTestId("library-file").filter({ hasText: "saved-invoice.pdf" });
  await expect(row).toContainText("From the chat");

  const downloading = page.waitForEvent("download");
  await row.getByRole("link", { name: "Download saved-invoice.pdf" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("saved-invoice.pdf");
  expect(Buffer.compare(await readFile((await download.path())!), pdf.buffer)).toBe(0);

  await row.getByRole("button", { name: "Process saved-invoice.pdf" }).click();
  await expect(page.getByText("saved-invoice.pdf is being read.")).toBeVisible();
  await page.getByRole("link", { name: "Open the batch" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("saved-invoice.pdf");

  await page.goto("/library");
  await page
    .getByTestId("library-file")
    .filter({ hasText: "saved-invoice.pdf" })
    .getByRole("button", { name: "Delete saved-invoice.pdf" })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Deleted saved-invoice.pdf.")).toBeVisible();
  await expect(page.getByText("Your library is empty")).toBeVisible();
});
