import { describe, expect, it } from "vitest";
import { currencyMismatches, currencyOf } from "./currency-mismatch";
import type { WebField } from "./web-field";

const picker = (value: string): WebField => ({
  ref: "f3",
  kind: "select",
  type: "select-one",
  name: "currency",
  id: "currency",
  label: "Currency",
  placeholder: "",
  required: false,
  disabled: false,
  value,
  inShadowRoot: false,
  frameUrl: "https://example.test/pay",
  options: [
    { value: "", label: "Choose…", selected: value === "" },
    { value: "EUR", label: "Euro", selected: value === "EUR" },
    { value: "USD", label: "US dollar", selected: value === "USD" },
  ],
});

describe("currencyOf", () => {
  it("reads codes and symbols, not words that merely contain letters of a code", () => {
    expect(currencyOf("100.44 USD")).toBe("USD");
    expect(currencyOf("€ 12,50")).toBe("EUR");
    expect(currencyOf("eurovision")).toBeUndefined();
    expect(currencyOf("INV-2041")).toBeUndefined();
  });
});

describe("currencyMismatches", () => {
  it("warns when the picker stays at another currency than the amounts filled", () => {
    expect(currencyMismatches({ fields: [picker("EUR")], filledValues: ["INV-1", "100.44 USD"] })).toEqual([
      "Currency is set to EUR, but the amounts filled from the document are in USD. Check it before submitting.",
    ]);
  });

  it("says nothing when they agree, when no amount names a currency, or when amounts disagree among themselves", () => {
    expect(currencyMismatches({ fields: [picker("USD")], filledValues: ["100.44 USD"] })).toEqual([]);
    expect(currencyMismatches({ fields: [picker("EUR")], filledValues: ["100.44"] })).toEqual([]);
    expect(currencyMismatches({ fields: [picker("EUR")], filledValues: ["1 USD", "2 GBP"] })).toEqual([]);
  });

  it("asks to choose when the picker is empty", () => {
    expect(currencyMismatches({ fields: [picker("")], filledValues: ["$5.00"] })[0]).toContain("is not set");
  });
});
