import { describe, expect, it } from "vitest";
import { legalFormWords } from "./legal-forms";

// Legal forms read through a scan's OCR slips, given back as printed.

const formsOf = (name: string) => Object.fromEntries(legalFormWords(name.split(" ")));

describe("legalFormWords", () => {
  it("finds legal forms as printed", () => {
    expect(formsOf("BLUE HERON TRADING SDN. BHD.")).toEqual({ 2: "TRADING", 3: "SDN.", 4: "BHD." });
    expect(formsOf("Northwind Ltd")).toEqual({ 1: "Ltd" });
    expect(formsOf("Müller GmbH")).toEqual({ 1: "GmbH" });
    expect(formsOf("Dupont S.A.R.L.")).toEqual({ 1: "S.A.R.L." });
  });

  it("reads the pair through one slipped letter each, and S/B through digits", () => {
    expect(formsOf("KIM HUAT SON BHO")).toEqual({ 2: "SDN", 3: "BHD" });
    expect(formsOf("KIM HUAT SDN BHI")).toEqual({ 2: "SDN", 3: "BHD" });
    expect(formsOf("ANGSANA MART 5/8")).toEqual({ 2: "S/B" });
    expect(formsOf("ANGSANA MART $/B")).toEqual({ 2: "S/B" });
    expect(formsOf("Lee Enterprlse")).toEqual({ 1: "Enterprise" });
  });

  it("leaves ordinary words alone, even one letter from a short form", () => {
    expect(formsOf("SON AND DAUGHTER BAKERY")).toEqual({});
    expect(formsOf("NO 5A JALAN BHA")).toEqual({});
  });
});
