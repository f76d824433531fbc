import ExcelJS from "exceljs";
import { readFile } from "node:fs/promises";
import { PDFDocument, type PDFTextField } from "pdf-lib";
import { makeDocx } from "../../lib/documents/testing/make-office-files";
import { renderTextImage } from "../../lib/documents/testing/render-text-image";
import { makeFormPdf } from "../../lib/fill/testing/make-form-pdf";
import { makeInvoiceTemplate } from "../../lib/fill/testing/make-invoice-template";
import { textPdf } from "../support/v1";
import { captureScreen } from "./support/accessibility";
import { expect, test } from "./support/fixtures";
import { signedInUser } from "./support/session";

test("fill a PDF form from an invoice: review the evidence, correct a value, fill again, download", async ({
  page,
}) => {
  await signedInUser(page, "/fill");
  const form = await makeFormPdf([
    { kind: "text", name: "invoice_no", label: "Invoice number" },
    { kind: "text", name: "email", label: "Email" },
    { kind: "text", name: "city", label: "City" },
  ]);
  await page.getByLabel("A PDF form or an Excel template from this computer").setInputFiles({
    name: "application.pdf",
    mimeType: "application/pdf",
    buffer: form,
  });
  await page.getByLabel(/Source documents from this computer/).setInputFiles([
    { name: "invoice.pdf", mimeType: "application/pdf", buffer: await textPdf(1) },
    {
      name: "scan.png",
      mimeType: "image/png",
      buffer: await renderTextImage(["Email: jane.roe@example.com"], { fontSize: 40 }),
    },
  ]);
  await page.getByLabel("Instructions (optional)").fill("Set city to Kraków");
  await page.getByRole("button", { name: "Fill the form" }).click();

  await expect(page.getByRole("heading", { name: "3 of 3 fields filled" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByLabel("Value of Invoice number")).toHaveValue("INV-2042");
  await expect(page.getByLabel("Value of City")).toHaveValue("Kraków");
  const email = page.getByTestId("fill-field-email");
  await expect(page.getByLabel("Value of Email")).toHaveValue("jane.roe@example.com");
  await email.getByRole("button").click();
  const evidence = page.getByRole("region", { name: "Evidence for Email" });
  await expect(evidence).toContainText("From scan.png, page 1");
  await expect(evidence.getByTestId("evidence-box")).toBeVisible();
  await captureScreen(page, "fill-review");

  await page.getByLabel("Value of City").fill("Berlin");
  await page.getByRole("button", { name: "Fill again with my changes" }).click();
  // The old result is gone while the new job runs; the new one has the corrected value from the job itself.
  await expect(page.getByRole("heading", { name: "3 of 3 fields filled" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "3 of 3 fields filled" })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("fill-field-city")).toContainText(`field_mappings["city"]`);
  await expect(page.getByLabel("Value of City")).toHaveValue("Berlin");
  await expect(page.getByRole("button", { name: "Fill again with my changes" })).toBeDisabled();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the filled file" }).click();
  const filled = (await PDFDocument.load(await readFile(await (await downloading).path()))).getForm();
  expect((filled.getField("invoice_no") as PDFTextField).getText()).toBe("INV-2042");
  expect((filled.getField("email") as PDFTextField).getText()).toBe("jane.roe@example.com");
  expect((filled.getField("city") as PDFTextField).getText()).toBe("Berlin");
  await expect(page.getByTestId("fill-jobs").getByRole("listitem")).toHaveCount(2);
});

test("fill an Excel template from a document and read the cells back", async ({ page }) => {
  await signedInUser(page, "/fill");
  await page.getByLabel("A PDF form or an Excel template from this computer").setInputFiles({
    name: "invoice.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await makeInvoiceTemplate(),
  });
  const source = await makeDocx({
    heading: "Invoice",
    paragraphs: ["Invoice number: INV-7", "Customer: Acme Ltd"],
    table: [
      ["Description", "Qty", "Unit price"],
      ["Widget", "2", "10.00"],
      ["Gadget", "1", "5.50"],
    ],
  });
  await page.getByLabel(/Source documents from this computer/).setInputFiles({
    name: "invoice.docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: source,
  });
  await page.getByRole("button", { name: "Fill the form" }).click();
  await expect(page.getByRole("heading", { name: /cells written/ })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByLabel("Value of Invoice!B1")).toHaveValue("INV-7");
  await captureScreen(page, "fill-excel-review");

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the filled file" }).click();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await (await downloading).path())) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet("Invoice")!;
  expect(sheet.getCell("B1").value).toBe("INV-7");
  expect([6, 7].map((row) => sheet.getCell(`A${row}`).value)).toEqual(["Widget", "Gadget"]);
});
