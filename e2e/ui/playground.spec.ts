import { textPdf } from "../support/v1";
import { captureScreen } from "./support/accessibility";
import { uploadAndWait } from "./support/documents-api";
import { expect, test } from "./support/fixtures";
import { signedInUser } from "./support/session";

test("build a schema, run it on a batch document, see the cited value on the page, save and reuse it", async ({
  page,
}) => {
  const user = await signedInUser(page, "/playground");
  const invoice = { name: "invoice.pdf", mimeType: "application/pdf", buffer: await textPdf(1) };
  const { batchId } = await uploadAndWait(page.request, user.token, [invoice], "Playground invoices");
  await page.reload();

  // The starter schema, trimmed to two fields and reordered with the buttons.
  await page.getByRole("button", { name: "Remove field 2" }).click();
  await page.getByLabel("Name of field 1").fill("invoice_number");
  await page.getByLabel("Name of field 2").fill("total");
  await page.getByRole("button", { name: "Add a field" }).click();
  await page.getByLabel("Name of field 3").fill("customer");
  await page.getByRole("button", { name: "Move field 3 up" }).click();
  await expect(page.getByLabel("Name of field 2")).toHaveValue("customer");
  await expect(page.getByLabel("Type of field 3")).toHaveValue("number");

  await page.getByLabel("Batch to extract from").selectOption(batchId);
  await expect(page.getByLabel("Document to extract from")).toHaveValue(/[0-9a-f-]{36}/);
  await page.getByRole("button", { name: "Run the extraction" }).click();
  const row = page.getByTestId("extracted-invoice_number");
  await expect(row).toContainText("INV-2042", { timeout: 60_000 });
  await expect(page.getByTestId("extracted-customer")).toContainText("Jane Roe");
  await row.getByRole("button", { name: "invoice_number" }).click();
  const highlight = page.getByTestId("value-highlight");
  await expect(highlight).toBeVisible();
  await expect(page.getByRole("img", { name: "Page 1 of the document" })).toBeVisible();
  await captureScreen(page, "playground-results");

  await page.getByRole("button", { name: "JSON", exact: true }).click();
  await expect(page.getByLabel("The result as JSON")).toContainText('"invoice_number": "INV-2042"');
  await page.getByRole("button", { name: "Python", exact: true }).click();
  await expect(page.getByTestId("request-snippet")).toContainText(
    '[{\\"name\\":\\"invoice_number\\",\\"type\\":\\"string\\"},{\\"name\\":\\"customer\\"',
  );

  await page.getByLabel("Schema name").fill("Invoices");
  await page.getByRole("button", { name: "Save schema" }).click();
  await expect(page.getByText('Saved "Invoices".')).toBeVisible();
  await page.reload();
  await page.getByLabel("Start from a saved schema").selectOption({ label: "Invoices (3 fields)" });
  await expect(page.getByLabel("Name of field 2")).toHaveValue("customer");

  // The API's JSON in: a bad paste is explained, a good one replaces the fields.
  await page.getByRole("button", { name: "Edit as JSON" }).click();
  const json = page.getByLabel(/The schema as the API takes it/);
  await json.fill('[{"name":"due","type":"money"}]');
  await page.getByRole("button", { name: "Use this JSON" }).click();
  await expect(page.getByText("Item 1 needs a name and a type of string, number or date.")).toBeVisible();
  await json.fill('[{"name":"due_date","type":"date"}]');
  await page.getByRole("button", { name: "Use this JSON" }).click();
  await expect(page.getByTestId("schema-field")).toHaveCount(1);
  await expect(page.getByLabel("Type of field 1")).toHaveValue("date");
});
