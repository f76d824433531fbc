import { describe, expect, it } from "vitest";
import { classifyDocument } from "./classify";

describe("classifyDocument", () => {
  it("takes a kind named in the heading as evidence", () => {
    expect(classifyDocument("RECEIPT 7731\nAmount: 42.00 EUR", 1)).toBe("receipt");
    expect(classifyDocument("Invoice\nTo: ACME Ltd\nPlease pay within 30 days", 1)).toBe("invoice");
  });

  it("needs more than one body keyword when the heading names nothing", () => {
    expect(
      classifyDocument("Meeting notes\n12 March\nWe discussed the office move.\nKeep the receipt for the taxi.", 0),
    ).toBe("other");
    expect(classifyDocument("Meeting notes\nKeep the receipt.\nThe cashier gave change.", 0)).toBe("receipt");
  });
});
