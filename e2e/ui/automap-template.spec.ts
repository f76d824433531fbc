import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { uploadAndWait } from "./support/documents-api";
import { invoicePdf } from "./support/documents-samples";
import { signedInUser } from "./support/session";

test("automap takes a spreadsheet template saved in the library and proposes its cells' values", async ({ page }) => {
  const user = await signedInUser(page, "/batches");
  const { batchId, documentIds } = await uploadAndWait(
    page.request,
    user.token,
    [await invoicePdf("automap.pdf", "INV-5150")],
    "Automap",
  );
  // A spreadsheet template as the Excel fill reads it: labels with an empty cell to their right.
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Invoice");
  sheet.addRow(["Invoice number", null]);
  sheet.addRow(["Total", null]);
  const saved = await page.request.post("/api/batch/save-generated-file", {
    headers: { authorization: `Bearer ${user.token}` },
    data: {
      action: "save_to_library",
      file_name: "invoice-template.xlsx",
      content_base64: Buffer.from(await workbook.xlsx.writeBuffer()).toString("base64"),
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto(`/batches/${batchId}/documents/${documentIds[0]}`);
  const automap = page.getByTestId("automap-panel");
  await automap.getByRole("combobox", { name: "Template" }).selectOption({ label: "invoice-template.xlsx (library)" });
  await expect(automap.getByRole("textbox", { name: /Template fields/ })).toHaveCount(0);
  await automap.getByRole("button", { name: "Propose values" }).click();

  const invoiceNumber = automap.getByRole("textbox", { name: "Value for Invoice number" });
  await expect(invoiceNumber).toHaveValue("INV-5150");
  await expect(automap.getByRole("row", { name: /Invoice number/ })).toContainText("Invoice!B1");
  await expect(automap.getByRole("textbox", { name: "Value for Total" })).toHaveValue(/120\.50/);
  await invoiceNumber.fill("INV-5151");
  await expect(automap.getByRole("button", { name: "Copy the values as cell mappings JSON" })).toBeVisible();
});
