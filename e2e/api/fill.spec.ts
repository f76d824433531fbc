import { expect, test, type APIRequestContext } from "../support/fixtures";
import ExcelJS from "exceljs";
import JSZip from "jszip";
import { PDFDocument, type PDFCheckBox, type PDFDropdown, type PDFRadioGroup, type PDFTextField } from "pdf-lib";
import { makeDocx } from "@/lib/documents/testing/make-office-files";
import { renderTextImage } from "@/lib/documents/testing/render-text-image";
import { makeInvoiceTemplate } from "@/lib/fill/testing/make-invoice-template";
import { makeXlsmTemplate } from "@/lib/fill/excel/testing/make-xlsm-template";
import { makeFormPdf, type TestFieldSpec } from "@/lib/fill/testing/make-form-pdf";
import { errorOf, secondKey, textPdf, waitForJob } from "../support/v1";

const specs: TestFieldSpec[] = [
  { kind: "text", name: "full_name", label: "Full name" },
  { kind: "text", name: "email", label: "Email" },
  { kind: "text", name: "phone", label: "Phone" },
  { kind: "text", name: "invoice_no", label: "Invoice number" },
  { kind: "text", name: "city", label: "City" },
  { kind: "text", name: "signed_on", label: "Date" },
  { kind: "checkbox", name: "married", label: "Married" },
  { kind: "radio", name: "contact", label: "Contact by", options: ["email", "phone"] },
  { kind: "dropdown", name: "country", label: "Country", options: ["Germany", "Poland"] },
  { kind: "signature", name: "signature", label: "Signature" },
];

function part(buffer: Buffer, name: string, mimeType: string) {
  return { name, mimeType, buffer };
}

async function fillPdf(
  request: APIRequestContext,
  headers: Record<string, string>,
  multipart: Record<string, string | ReturnType<typeof part>>,
) {
  return request.post("/v1/fill/pdf", { headers, multipart });
}

async function download(
  request: APIRequestContext,
  headers: Record<string, string>,
  job: Record<string, unknown>,
): Promise<Buffer> {
  const result = job.result as { download_url: string };
  const response = await request.get(result.download_url, { headers });
  expect(response.status()).toBe(200);
  return Buffer.from(await response.body());
}

test.describe("POST /v1/fill/pdf", () => {
  test("fills from field_mappings and instructions, reports every field and serves the PDF", async ({
    request,
    account,
  }) => {
    const response = await fillPdf(request, account.headers, {
      target_pdf: part(await makeFormPdf(specs), "application.pdf", "application/pdf"),
      field_mappings: JSON.stringify({ full_name: "Zoë Ångström-Łukasz", contact: "Phone", country: "poland" }),
      instructions: "Tick married. Use today's date. Set city to Kraków",
    });
    expect(response.status(), await response.text()).toBe(202);
    const accepted = await response.json();
    expect(accepted).toEqual({ id: expect.any(String), status: "processing", poll_url: `/v1/jobs/${accepted.id}` });
    const job = await waitForJob(request, await secondKey(request, account), accepted.id);
    expect(job.status, JSON.stringify(job)).toBe("completed");
    const result = job.result as {
      fields_filled: number;
      fields_total: number;
      expires_at: string;
      field_details: Array<Record<string, unknown>>;
    };
    expect(result).toMatchObject({
      download_url: `/v1/jobs/${accepted.id}/download`,
      fields_filled: 6,
      fields_total: 10,
    });
    expect(new Date(result.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    expect(result.field_details.find((detail) => detail.field_name === "married")).toMatchObject({
      filled: true,
      value: "checked",
      reason: 'instruction "Tick married"',
    });
    expect(result.field_details.find((detail) => detail.field_name === "signature")).toMatchObject({ filled: false });
    const form = (await PDFDocument.load(await download(request, account.headers, job))).getForm();
    expect((form.getField("full_name") as PDFTextField).getText()).toBe("Zoë Ångström-Łukasz");
    expect((form.getField("city") as PDFTextField).getText()).toBe("Kraków");
    expect((form.getField("signed_on") as PDFTextField).getText()).toBe(new Date().toISOString().slice(0, 10));
    expect((form.getField("married") as PDFCheckBox).isChecked()).toBe(true);
    expect((form.getField("contact") as PDFRadioGroup).getSelected()).toBe("phone");
    expect((form.getField("country") as PDFDropdown).getSelected()).toEqual(["Poland"]);
  });

  test("fills from an invoice PDF, a scanned image and a DOCX, with page and box for each value", async ({
    request,
    account,
  }) => {
    const invoice = await textPdf(1);
    const scan = await renderTextImage(["Email: jane.roe@example.com"], { fontSize: 40 });
    const docx = await makeDocx({ heading: "Contact", paragraphs: ["Name: Jane Roe", "Telefon: +49 30 1234567"] });
    const form = new FormData();
    form.append(
      "target_pdf",
      new File([new Uint8Array(await makeFormPdf(specs))], "form.pdf", { type: "application/pdf" }),
    );
    form.append("source_files", new File([new Uint8Array(invoice)], "invoice.pdf", { type: "application/pdf" }));
    form.append("source_files", new File([new Uint8Array(scan)], "scan.png", { type: "image/png" }));
    form.append("source_files", new File([new Uint8Array(docx)], "contact.docx"));
    form.append("flatten", "true");
    const response = await request.post("/v1/fill/pdf", { headers: account.headers, multipart: form });
    expect(response.status(), await response.text()).toBe(202);
    const job = await waitForJob(request, await secondKey(request, account), (await response.json()).id, 90_000);
    expect(job.status, JSON.stringify(job)).toBe("completed");
    const details = Object.fromEntries(
      (job.result as { field_details: Array<Record<string, unknown>> }).field_details.map((detail) => [
        detail.field_name,
        detail,
      ]),
    );
    expect(details.invoice_no).toMatchObject({
      value: "INV-2042",
      source: "document",
      source_file: "invoice.pdf",
      page: 1,
      box: expect.any(Object),
    });
    expect(details.full_name).toMatchObject({ value: "Jane Roe", source_file: "contact.docx" });
    expect(details.email).toMatchObject({ value: "jane.roe@example.com", source_file: "scan.png", page: 1 });
    expect(details.phone).toMatchObject({ value: "+49 30 1234567", source_file: "contact.docx" });
    const flattened = await PDFDocument.load(await download(request, account.headers, job));
    expect(
      flattened
        .getForm()
        .getFields()
        .map((field) => field.getName()),
    ).toEqual(["signature"]);
    const usage = await (await request.get("/v1/usage", { headers: account.headers })).json();
    expect(usage.tokens.used).toBe(4000); // three source pages + one form
  });

  test("a PDF without a form fails the job with no_form_fields; no sources at all is a 400", async ({
    request,
    account,
  }) => {
    const response = await fillPdf(request, account.headers, {
      target_pdf: part(await textPdf(1), "plain.pdf", "application/pdf"),
      instructions: "Tick married",
    });
    expect(response.status()).toBe(202);
    const job = await waitForJob(request, await secondKey(request, account), (await response.json()).id);
    expect(job).toMatchObject({ status: "failed", error: { code: "no_form_fields" } });
    const none = await fillPdf(request, account.headers, {
      target_pdf: part(await makeFormPdf(specs), "form.pdf", "application/pdf"),
    });
    expect(none.status()).toBe(400);
    expect((await errorOf(none)).code).toBe("no_source_data");
    const notPdf = await fillPdf(request, account.headers, {
      target_pdf: part(Buffer.from("hello"), "form.pdf", "application/pdf"),
      instructions: "x",
    });
    expect(notPdf.status()).toBe(400);
  });
});

test.describe("POST /v1/fill/excel", () => {
  test("smart fill from a DOCX keeps formulas and styles; explicit cell_mappings are written", async ({
    request,
    account,
  }) => {
    const source = await makeDocx({
      heading: "Invoice",
      paragraphs: ["Invoice number: INV-7", "Customer: Acme Ltd"],
      table: [
        ["Description", "Qty", "Unit price"],
        ["Widget", "2", "10.00"],
        ["Gadget", "1", "5.50"],
        ["Cable", "3", "2.00"],
      ],
    });
    const response = await request.post("/v1/fill/excel", {
      headers: account.headers,
      multipart: {
        target_excel: part(await makeInvoiceTemplate(), "invoice.xlsx", "application/octet-stream"),
        source_files: part(source, "invoice.docx", "application/octet-stream"),
        cell_mappings: JSON.stringify({ "Notes!B1": "checked" }),
      },
    });
    expect(response.status(), await response.text()).toBe(202);
    const job = await waitForJob(request, await secondKey(request, account), (await response.json()).id);
    expect(job.status, JSON.stringify(job)).toBe("completed");
    const result = job.result as { cells_written: number; cells: Array<Record<string, unknown>> };
    expect(result.cells_written).toBe(result.cells.length);
    expect(result.cells).toContainEqual(
      expect.objectContaining({ sheet: "Invoice", cell: "B1", value: "INV-7", confidence: expect.any(Number) }),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(request, account.headers, job)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Invoice")!;
    expect([6, 7, 8].map((row) => sheet.getCell(`A${row}`).value)).toEqual(["Widget", "Gadget", "Cable"]);
    expect(sheet.getCell("D9").value).toMatchObject({ formula: "SUM(D6:D8)" });
    expect(sheet.getCell("D9").font?.bold).toBe(true);
    expect(workbook.getWorksheet("Notes")!.getCell("B1").value).toBe("checked");
  });

  test("an .xlsm comes back as an .xlsm with its macros; a CSV is refused with 400", async ({ request, account }) => {
    const template = await makeXlsmTemplate(await makeInvoiceTemplate(), {
      workbook: "ThisWorkbook",
      firstSheet: "Sheet1",
    });
    const response = await request.post("/v1/fill/excel", {
      headers: account.headers,
      multipart: {
        target_excel: part(template.xlsm, "macros.xlsm", "application/octet-stream"),
        fill_mode: "explicit",
        cell_mappings: JSON.stringify({ "Invoice!B1": "INV-8" }),
      },
    });
    expect(response.status(), await response.text()).toBe(202);
    const job = await waitForJob(request, await secondKey(request, account), (await response.json()).id);
    expect(job.status, JSON.stringify(job)).toBe("completed");
    expect(job.result).toMatchObject({ template_format: "xlsm", output_format: "xlsm", notes: [] });
    const file = await request.get((job.result as { download_url: string }).download_url, { headers: account.headers });
    expect(file.headers()["content-type"]).toBe("application/vnd.ms-excel.sheet.macroEnabled.12");
    expect(file.headers()["content-disposition"]).toContain('filename="macros-filled.xlsm"');
    const bytes = Buffer.from(await file.body());
    expect(await (await JSZip.loadAsync(bytes)).file("xl/vbaProject.bin")!.async("nodebuffer")).toEqual(
      template.vbaProject,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.getWorksheet("Invoice")!.getCell("B1").value).toBe("INV-8");

    const csv = await request.post("/v1/fill/excel", {
      headers: account.headers,
      multipart: {
        target_excel: part(Buffer.from("a,b\n1,2\n"), "data.csv", "text/csv"),
        fill_mode: "explicit",
        cell_mappings: "{}",
      },
    });
    expect(csv.status()).toBe(400);
    expect((await errorOf(csv)).code).toBe("bad_request");
  });
});
