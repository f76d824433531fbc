import { describe, expect, it } from "vitest";
import type { PageStructure, ResultPage } from "../types";
import { changeSentence, describeCorrection, restoreBody } from "./saved-corrections";

const boxes = {
  width: 612,
  height: 792,
  unit: "pt",
  words: [{ text: "Hex", confidence: 1, box: { x: 0.1, y: 0.1, width: 0.05, height: 0.02 }, original_text: "Hcx" }],
  lines: [],
  blocks: [],
};

function page(text: string, total: string): ResultPage {
  return {
    page_number: 2,
    status: "completed",
    extracted_text: text,
    bounding_boxes: boxes,
    structured_data: {
      key_value_pairs: [{ key: "Total", value: total, page: 2, confidence: 0.9, method: "colon" }],
    },
    image_url: null,
    width: 612,
    height: 792,
    source: "pdf",
    confidence: 1,
    error: null,
    edited: false,
    edited_at: null,
  };
}

describe("describeCorrection", () => {
  it("names a key-value fix by its key", () => {
    const before = page("Total 42.00", "42.00");
    const changes = describeCorrection(before, { structured_data: page("", "24.00").structured_data as PageStructure });
    expect(changes.map(changeSentence)).toEqual(["Total (page 2): “42.00” → “24.00”"]);
  });

  it("gives each run of replaced, added and removed words of the text", () => {
    const before = page("Hex bolts M8 x 20 pieces from ACMESUPPLY Ltd", "1");
    const changes = describeCorrection(before, {
      extracted_text: "Hex bolts M10 stainless x 20 from ACME SUPPLY Ltd",
    });
    expect(changes.map(changeSentence)).toEqual([
      "Text (page 2): “M8” → “M10 stainless”",
      "Text (page 2): removed “pieces”",
      "Text (page 2): “ACMESUPPLY” → “ACME SUPPLY”",
    ]);
  });

  it("finds nothing when nothing changed", () => {
    const before = page("same", "1");
    expect(describeCorrection(before, { extracted_text: "same", structured_data: before.structured_data })).toEqual([]);
  });
});

describe("restoreBody", () => {
  it("sends the page back with its text, its words as stored and its structure", () => {
    const before = page("Hex", "1");
    expect(restoreBody(before)).toEqual({
      page_number: 2,
      extracted_text: "Hex",
      structured_data: before.structured_data,
      bounding_boxes: boxes,
    });
  });

  it("leaves out boxes a page without words does not have", () => {
    expect(restoreBody({ ...page("t", "1"), bounding_boxes: {} })).not.toHaveProperty("bounding_boxes");
  });
});
