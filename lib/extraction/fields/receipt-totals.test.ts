import { describe, expect, it } from "vitest";
import type { Word } from "@/lib/pages/types";
import { extractStructure } from "../extract-structure";
import { receiptRankers } from "./receipt-field-model";
import { findDocumentTotal } from "./receipt-totals";
import { line, ocrPage } from "../testing/synthetic-ocr-page";
import { totalLabelKind } from "@/lib/text/total-labels";

// The total of a receipt read as a person reads it: the amount labelled as the sum to pay, not the
// subtotal, tax, rounding, cash tendered or change, with the payment (tendered less change) as a check.

/** A receipt's foot: each label at the left with its amount a column apart at the right. */
const receipt = (...rows: string[]): Word[][][] => [rows.map((row, index) => line(0.1, 0.5 + index * 0.02, row))];
const totalOf = (...rows: string[]) => findDocumentTotal([ocrPage(receipt(...rows))], receiptRankers.total)?.value;

describe("totalLabelKind", () => {
  it("tells the sum to pay from subtotals, tax, rounding, payment and counts", () => {
    expect(totalLabelKind("GRAND TOTAL")).toBe("final");
    expect(totalLabelKind("Amount Due:")).toBe("final");
    expect(totalLabelKind("Total Payable:")).toBe("final");
    expect(totalLabelKind("Rounded Total (RM):")).toBe("final");
    expect(totalLabelKind("Total (incl. GST)")).toBe("total_with_tax");
    expect(totalLabelKind("Amount Incl. VAT")).toBe("total_with_tax");
    expect(totalLabelKind("TOTAL")).toBe("total");
    expect(totalLabelKind("Totai :")).toBe("total");
    expect(totalLabelKind("Sub Total")).toBe("subtotal");
    expect(totalLabelKind("Total Sales (Excluding GST)")).toBe("subtotal");
    expect(totalLabelKind("Total GST")).toBe("other");
    expect(totalLabelKind("Rounding Adjustment")).toBe("other");
    expect(totalLabelKind("Total Discount")).toBe("other");
    expect(totalLabelKind("Total Qty")).toBe("other");
    expect(totalLabelKind("CASH")).toBe("tendered");
    expect(totalLabelKind("Accepted total")).toBe("tendered");
    expect(totalLabelKind("CHANGE DUE")).toBe("change");
    expect(totalLabelKind("Service charge")).toBeUndefined();
    expect(totalLabelKind("Pay parking ticket")).toBeUndefined();
  });
});

describe("findDocumentTotal", () => {
  it("takes the total over the subtotal, the rounding, the cash tendered and the change", () => {
    const page = ocrPage(receipt("SUB TOTAL >8.97", "ROUNDING >0.03", "TOTAL >9.00", "CASH >10.00", "CHANGE >1.00"));
    const total = findDocumentTotal([page], receiptRankers.total)!;
    expect(total).toMatchObject({ value: 9, page: 1, words: ["9.00"] });
    expect(total.box.x).toBeGreaterThan(0.2);
    expect(total.checks).toEqual([
      expect.objectContaining({ agrees: true, kind: "payment", says: "10.00 paid less 1.00 change is 9.00" }),
      expect.objectContaining({ agrees: true, kind: "parts" }),
    ]);
  });

  it("prefers the sum to pay over a plain total and a total with tax over one without", () => {
    expect(totalOf("Total >41.42", "GST 6% >2.48", "Grand Total >43.90")).toBe(43.9);
    expect(totalOf("Total excl. GST >8.49", "GST 6% >0.51", "Total (incl. GST) >9.00", "Total Items 3")).toBe(9);
    expect(totalOf("Total Payable: RM 40.18", "Total supplies (incl. GST): 8.40")).toBe(40.18);
  });

  it("reads amounts with a currency before or after them, split by OCR at the point, or with a tax code", () => {
    expect(totalOf("Total: RM 9.00")).toBe(9);
    expect(totalOf("TOTAL RM9.00 SR")).toBe(9);
    expect(totalOf("Total due: 1,234.50 EUR")).toBe(1234.5);
    expect(totalOf("Totai : 43. 90")).toBe(43.9);
    expect(totalOf("Total 1.234,56 €")).toBe(1234.56);
  });

  it("uses the payment as a check when the total is labelled only as a subtotal or the labels mislead", () => {
    expect(totalOf("SUBTOTAL: 43.90", "Total excl. GST >41.42", "CASH >100.00", "CHANGE >56.10")).toBe(43.9);
    // A parking receipt: the amount accepted is the cash tendered, not a total.
    expect(totalOf("Amount Incl. GST >5.00", "Accepted total >10.00", "Change >5.00")).toBe(5);
  });

  it("does not take a tax summary row under the payment", () => {
    expect(totalOf("TOTAL >9.00", "CASH >20.00", "CHANGE >11.00", "Tax summary", "Total >8.49 >0.51")).toBe(9);
    expect(totalOf("TOTAL >9.00", "CASH >10.00", "CHANGE >1.00", "Total >8.49")).toBe(9);
  });

  it("finds an amount OCR read as a separate line beside its label", () => {
    const page = ocrPage([
      [line(0.1, 0.5, "Subtotal"), line(0.1, 0.52, "Total"), line(0.1, 0.54, "Cash")],
      [line(0.5, 0.5, "12.00"), line(0.5, 0.52, "12.60"), line(0.5, 0.54, "20.00")],
    ]);
    expect(findDocumentTotal([page], receiptRankers.total)?.value).toBe(12.6);
  });

  it("finds nothing where no label names a total", () => {
    expect(totalOf("Widget 2 >5.00 >10.00", "Gadget 1 >4.00 >4.00", "CASH >20.00", "Total Qty 3")).toBeUndefined();
    expect(totalOf("Invoice No 12/345", "Date 25/12/2018")).toBeUndefined();
  });
});

describe("schema fields naming the total", () => {
  const page = ocrPage(receipt("Subtotal: 8.97", "Rounding: 0.03", "Total: 9.00", "Cash: 10.00", "Change: 1.00"));

  it("gives total, total_amount and amountDue the receipt's total, and the subtotal field its own label", () => {
    const structure = extractStructure({
      pages: [page],
      schema: [
        { name: "total", type: "number" },
        { name: "total_amount", type: "number" },
        { name: "amountDue", type: "number" },
        { name: "subtotal", type: "number" },
      ],
    });
    expect(structure.fields).toEqual({ total: "9", total_amount: "9", amountDue: "9", subtotal: "8.97" });
    const total = structure.fieldDetails![0];
    expect(total).toMatchObject({ typedValue: 9, page: 1, words: ["9.00"] });
    expect(total.box).not.toBeNull();
  });

  it("leaves the total null on a page with no total", () => {
    const plain = ocrPage(receipt("Widget 2 >5.00 >10.00"));
    expect(extractStructure({ pages: [plain], schema: [{ name: "total", type: "number" }] }).fields).toEqual({
      total: null,
    });
  });

  const totalDetail = (...rows: string[]) =>
    extractStructure({ pages: [ocrPage(receipt(...rows))], schema: [{ name: "total", type: "number" }] })
      .fieldDetails![0];

  it("is sure of a total the payment confirms, and says so", () => {
    const detail = totalDetail("Subtotal >8.49", "GST 6% >0.51", "TOTAL >9.00", "CASH >20.00", "CHANGE >11.00");
    expect(detail.value).toBe("9");
    expect(detail.reason).toMatch(
      /^labelled "TOTAL"; 20\.00 paid less 11\.00 change is 9\.00; subtotal 8\.49 plus 0\.51 is 9\.00; confidence 0\.\d+: model score \d\.\d\d, right \d+% of the time at this score on held-out receipts$/,
    );
    expect(detail.confidence).toBeGreaterThanOrEqual(0.9);
  });

  it("lowers a total its items and payment disagree with, and says why", () => {
    const detail = totalDetail("Widget >4.00", "TOTAL >9.00", "CASH >20.00", "CHANGE >15.00");
    expect(detail.value).toBe("9");
    expect(detail.reason).toContain('labelled "TOTAL"; but 20.00 paid less 15.00 change is 5, not 9.00; confidence');
    // A contradicted total is less sure than a confirmed one.
    const confirmed = totalDetail("Widget >4.00", "TOTAL >9.00", "CASH >20.00", "CHANGE >11.00");
    expect(detail.confidence).toBeLessThan(confirmed.confidence);
    expect(detail.confidence).toBeLessThan(0.9);
  });

  it("prefers the amount the arithmetic confirms over a misread one with a stronger label", () => {
    // OCR read 31.00 as 37.00 on the final line; the subtotal, the tax summary and the payment agree on 31.00.
    expect(
      totalOf("Sub total >31.00", "Total Incl GST >37.00", "CASH >50.00", "CHANGE >19.00", "SR @ 6% >29.25 >1.75"),
    ).toBe(31);
  });

  it("takes the sum line one digit from a misread total when the arithmetic confirms it and nothing confirms the total", () => {
    // Both the final line (37.00) and the change (19.90 for 19.00) misread; the tax summary confirms the subtotal.
    const rows = ["Sub total >31.00", "Total After Adj >37.00", "CASH >50.00", "CHANGE >19.90", "SR @ 6% >29.24 >1.76"];
    const detail = totalDetail(...rows);
    expect(detail.value).toBe("31");
    expect(detail.reason).toContain("a summary row's 29.24 plus 1.76 is 31.00");
    expect(detail.confidence).toBeLessThan(0.9);
    // Printed again is no arithmetic: a misreading may be repeated too.
    expect(totalOf("Sub total >31.00", "Total >37.00", "Widget >31.00")).toBe(37);
    // Two digits apart is another amount.
    expect(totalOf("Sub total >31.00", "Total >38.50", "SR @ 6% >29.24 >1.76")).toBe(38.5);
  });

  it("rejoins a total OCR broke into pieces and read zeros of as letters", () => {
    expect(totalOf("Subtotal: >185.08", "Total: >10 5 . Q Q", "Cash: >105,00")).toBe(105);
    expect(totalOf("TOTAL >4 2 . 5 O")).toBe(42.5);
    // A quantity and a code are not an amount: nothing to rejoin.
    expect(totalOf("Total Qty >3 Q")).toBeUndefined();
  });

  it("reads a five that thermal print made a section sign", () => {
    expect(
      totalOf("Total GST : >0.30", "Total Sales (Inclusive of GST) : >§.30", "CASH : >§.30", "Change : >0.00"),
    ).toBe(5.3);
  });

  it("gives back a total's misread digit when its subtotal and charges add up to one digit apart", () => {
    const detail = totalDetail("SUBTOTAL RM >12.99", "Svc Chrg 10% RM >1.30", "GST 6% RM >0.86", "TOTAL RM >15.75");
    expect(detail.value).toBe("15.15");
    expect(detail.reason).toContain("read 15.75, but subtotal 12.99 plus 1.30 and 0.86 is 15.15: one digit misread");
    expect(detail.confidence).toBeLessThan(0.9);
    // Two digits apart is another amount, not a slip; nothing but zeros added leaves the subtotal as suspect as the total.
    expect(totalOf("SUBTOTAL >12.99", "GST 6% >0.86", "TOTAL >18.75")).toBe(18.75);
    expect(totalOf("SubTotal: >145.00", "Rounding Adj : >0.00", "Total Inclusive GST >165.00")).toBe(165);
  });

  it("takes a card payment as the total when no line is labelled as the total", () => {
    const detail = totalDetail("Description Qty Amount", "PLATE 1 >63.80", "Master Card >63.80");
    expect(detail.value).toBe("63.8");
    expect(detail.reason).toContain('no line labelled as the total; paid "Master Card"');
    // Cash may be more than the total when the change is not printed.
    expect(totalOf("PLATE 1 >63.80", "CASH >70.00")).toBeUndefined();
  });

  it("takes a total rounded to 5 cents on a line labelled as rounding, not the adjustment", () => {
    expect(totalOf("Total Sales (Inclusive GST) >42.33", "Rounding Adjustment >0.02", "Rounding >42.35")).toBe(42.35);
  });

  it("rounds a total to 5 cents by the rounding adjustment printed under it, whatever its sign as read", () => {
    const detail = totalDetail("Total >42.33", "Rounding Adjustment >0.02", "CASH >50.00");
    expect(detail.value).toBe("42.35");
    expect(detail.reason).toContain("rounded by 0.02 to 42.35");
    expect(totalOf("Total >42.33", "Rounding Adj >-0.03")).toBe(42.3);
    expect(totalOf("Total >42.33", "Rounding Adj >0.03")).toBe(42.3);
    // The payment agrees with the amount as printed: nothing to round.
    expect(totalOf("Total >42.33", "Rounding Adj >0.02", "CASH >50.00", "CHANGE >7.67")).toBe(42.33);
    // No adjustment printed: the total stays as read.
    expect(totalOf("Total >42.33", "CASH >50.00")).toBe(42.33);
  });

  it("takes the cash less the change when no total's amount was read and an item confirms it", () => {
    const detail = totalDetail(
      "Banana Shake",
      "1 x >9.50",
      "Total (Inclusive of GST):",
      "CASH : >10.50",
      "CHANGE : >1.00",
    );
    expect(detail.value).toBe("9.5");
    expect(detail.reason).toContain("no line labelled as the total read");
    expect(detail.reason).toContain("10.50 paid less 1.00 change is 9.50");
    expect(detail.confidence).toBeLessThan(0.9);
    // Nothing on the page confirms what the payment says: no total.
    expect(totalOf("Banana Shake", "Total (Inclusive of GST):", "CASH : >10.50", "CHANGE : >1.00")).toBeUndefined();
  });
});
