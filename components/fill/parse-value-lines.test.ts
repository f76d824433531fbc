import { describe, expect, it } from "vitest";
import { changedValues, parseValueLines } from "./parse-value-lines";

describe("parseValueLines", () => {
  it("reads name = value lines, keeping '=' inside values and skipping blank lines", () => {
    expect(parseValueLines("full_name = Jane Roe\n\n Sheet1!B3= a=b \n")).toEqual({
      values: { full_name: "Jane Roe", "Sheet1!B3": "a=b" },
    });
  });

  it("names the line that has no name", () => {
    expect(parseValueLines("city = Berlin\njust text").error).toBe('Line 2 needs the form "name = value".');
    expect(parseValueLines("= value").error).toBe('Line 1 needs the form "name = value".');
  });
});

describe("changedValues", () => {
  it("keeps earlier mappings and adds only the rows a person changed", () => {
    const rows = [
      { key: "total", original: "100.44", edited: "100.45" },
      { key: "city", original: "Kraków", edited: "Kraków" },
    ];
    expect(changedValues(rows, { name: "Jane" })).toEqual({ name: "Jane", total: "100.45" });
  });
});
