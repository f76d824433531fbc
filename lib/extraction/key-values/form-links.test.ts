import { describe, expect, it } from "vitest";
import { formLinkPairs, formLinkModels } from "./form-links";
import { line, ocrPage } from "../testing/synthetic-ocr-page";

// The shipped form-link models on generated form layouts: what a scanned form's OCR gives, with
// the label→value links a reader sees.

const linksOf = (page: Parameters<typeof formLinkPairs>[0]) =>
  formLinkPairs(page).map((pair) => [pair.key, pair.value]);

describe("formLinkPairs", () => {
  it("links labels closed by a colon to the values after them on their lines", () => {
    const page = ocrPage([
      [
        line(0.1, 0.1, "Name: >Jane Roe"),
        line(0.1, 0.13, "Date: >March 14, 1998"),
        line(0.1, 0.16, "Phone: >(212) 555-0182"),
      ],
    ]);
    expect(linksOf(page)).toEqual([
      ["Name", "Jane Roe"],
      ["Date", "March 14, 1998"],
      ["Phone", "(212) 555-0182"],
    ]);
  });

  it("loads its models once", () => {
    expect(formLinkModels()).toBe(formLinkModels());
  });
});
