import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { captureScreen } from "./support/accessibility";
import { uploadAndWait } from "./support/documents-api";
import { invoicePdf } from "./support/documents-samples";
import { signedInUser } from "./support/session";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function invoiceTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Invoice");
  sheet.addRow(["Invoice number", null]);
  sheet.addRow(["Total", null]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test("a template uploaded in the Library is listed there and offered by automap", async ({ page }) => {
  const user = await signedInUser(page, "/library");
  const upload = page.getByRole("region", { name: "Add a file" });
  const fileInput = upload.locator('input[type="file"]');

  // Refused before sending, each said in plain words.
  await fileInput.setInputFiles({ name: "setup.exe", mimeType: "application/octet-stream", buffer: Buffer.from("MZ") });
  await expect(upload.getByRole("alert")).toContainText("setup.exe is not a file the library keeps");
  await fileInput.setInputFiles({ name: "blank.xlsx", mimeType: XLSX_TYPE, buffer: Buffer.alloc(0) });
  await expect(upload.getByRole("alert")).toContainText("blank.xlsx is empty");
  await expect(page.getByTestId("library-file")).toHaveCount(0);

  await fileInput.setInputFiles({
    name: "invoice-template.xlsx",
    mimeType: XLSX_TYPE,
    buffer: await invoiceTemplate(),
  });
  await expect(page.getByRole("status").filter({ hasText: "invoice-template.xlsx was added" })).toContainText(
    "as a template",
  );
  const listed = page.getByRole("list", { name: "Saved files" }).getByTestId("library-file");
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText("invoice-template.xlsx");
  await expect(listed).toContainText("Template");

  // A larger file on a slow line: the upload shows how far it has got.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  const rows = Array.from({ length: 40_000 }, (_, index) => `${index},Widget ${index},12.50`).join("\n");
  await fileInput.setInputFiles({ name: "price-list.csv", mimeType: "text/csv", buffer: Buffer.from(rows) });
  await expect(upload.getByRole("progressbar", { name: "Uploading price-list.csv" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "price-list.csv was added" })).toContainText(
    "as a template",
    { timeout: 30_000 },
  );
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(listed).toHaveCount(2);

  // A PDF goes in as a document.
  const pdf = await invoicePdf("terms.pdf", "INV-1");
  await fileInput.setInputFiles({ name: pdf.name, mimeType: pdf.mimeType, buffer: pdf.buffer });
  await expect(page.getByRole("status").filter({ hasText: "terms.pdf was added" })).toContainText("as a document");
  await expect(listed).toHaveCount(3);
  await captureScreen(page, "library-upload-desktop");
  await page.setViewportSize({ width: 390, height: 844 });
  await fileInput.setInputFiles({ name: "notes.exe", mimeType: "application/octet-stream", buffer: Buffer.from("x") });
  await expect(upload.getByRole("alert")).toContainText("notes.exe is not a file the library keeps");
  await captureScreen(page, "library-upload-phone");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The uploaded template is now one of automap's choices, and proposes values from it.
  const { batchId, documentIds } = await uploadAndWait(
    page.request,
    user.token,
    [await invoicePdf("automap.pdf", "INV-5150")],
    "Automap",
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);
  const automap = page.getByTestId("automap-panel");
  await automap.getByRole("combobox", { name: "Template" }).selectOption({ label: "invoice-template.xlsx (library)" });
  await automap.getByRole("button", { name: "Propose values" }).click();
  await expect(automap.getByRole("textbox", { name: "Value for Invoice number" })).toHaveValue("INV-5150");
});
