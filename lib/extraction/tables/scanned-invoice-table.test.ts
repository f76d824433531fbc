import { afterAll, expect, it } from "vitest";
import { readDocument } from "@/lib/documents/read-document";
import { invoiceScan, invoiceScanItems as items } from "@/lib/documents/testing/make-invoice-scan";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { extractStructure } from "../extract-structure";

// A scanned invoice whose line items are printed without rules: the recogniser reads the
// description column and the figures as separate blocks, and the items must still come out as one
// table (header and rows), not the totals under them.

afterAll(terminateOcrPool);

it("reports the line items of a scanned invoice without rules as its table", async () => {
  const { pages } = await readDocument({ bytes: await invoiceScan(), fileName: "invoice-scan.png" });
  const { tables } = extractStructure({ pages });
  const itemTable = tables.find((table) => table.rows[0].join("|") === "Description|Qty|Unit Price|Amount");
  expect(itemTable?.rows.slice(1)).toEqual(items);
  expect(tables.flatMap((table) => table.rows.flat()).join(" ")).not.toContain("Total Due");
}, 120_000);
