import { describe, expect, it } from "vitest";
import { labelSimilarity } from "./label-similarity";
import { extractSchemaFields } from "../fields/schema-fields";
import type { KeyValuePair } from "../types";

const threshold = 0.5;
const matches = (field: string, label: string) => labelSimilarity(field, label) >= threshold;

describe("labelSimilarity", () => {
  it("needs the field's distinguishing word, not only the generic one", () => {
    expect(matches("po_number", "Invoice Number")).toBe(false);
    expect(matches("invoice_number", "PO Number")).toBe(false);
    expect(matches("due_date", "Invoice Date")).toBe(false);
    expect(matches("first_name", "Name")).toBe(false);
  });

  it("refuses a label announcing another kind of value", () => {
    expect(matches("invoice_number", "Invoice Date")).toBe(false);
    expect(matches("tax_amount", "Tax Rate")).toBe(false);
    expect(matches("customer_name", "Customer ID")).toBe(false);
  });

  it("accepts spelling variants, abbreviations and synonyms of the same thing", () => {
    expect(matches("po_number", "PO Number")).toBe(true);
    expect(matches("po_number", "P.O. No")).toBe(true);
    expect(matches("po_number", "PO #")).toBe(true);
    expect(matches("purchase_order", "PO No.")).toBe(true);
    expect(matches("invoice_number", "Invoice No.")).toBe(true);
    expect(matches("invoiceNumber", "Inv #")).toBe(true);
    expect(matches("invoice_number", "Invoice")).toBe(true);
    expect(matches("customer_name", "Customer")).toBe(true);
    expect(matches("customer", "Bill To")).toBe(true);
    expect(matches("total", "Amount Due")).toBe(true);
    expect(matches("date_of_birth", "Date of Birth")).toBe(true);
    expect(matches("date", "Invoice Date")).toBe(true);
  });

  it("ranks the closer label higher", () => {
    expect(labelSimilarity("total", "Total Due")).toBeGreaterThan(labelSimilarity("total", "Total Tax"));
    expect(labelSimilarity("invoice_number", "Invoice Number")).toBeGreaterThan(
      labelSimilarity("invoice_number", "Invoice"),
    );
  });
});

describe("extractSchemaFields", () => {
  const pair = (key: string, value: string): KeyValuePair => ({
    key,
    value,
    page: 1,
    confidence: 0.9,
    method: "colon",
  });

  it("leaves po_number empty on an invoice that has only an invoice number", () => {
    const details = extractSchemaFields({
      schema: [
        { name: "invoice_number", type: "string" },
        { name: "po_number", type: "string" },
      ],
      pages: [],
      pairs: [pair("Invoice Number", "INV-1042"), pair("Date", "14 March 2025")],
      entities: [],
    });
    expect(details.map((detail) => [detail.name, detail.value])).toEqual([
      ["invoice_number", "INV-1042"],
      ["po_number", null],
    ]);
  });

  it("takes each number from its own label when both are present", () => {
    const details = extractSchemaFields({
      schema: [
        { name: "po_number", type: "string" },
        { name: "invoice_number", type: "string" },
      ],
      pages: [],
      pairs: [pair("Invoice Number", "INV-1042"), pair("PO Number", "PO-77")],
      entities: [],
    });
    expect(details.map((detail) => detail.value)).toEqual(["PO-77", "INV-1042"]);
  });
});
