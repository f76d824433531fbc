import { describe, expect, it } from "vitest";
import { inlineRuns, markdownBlocks } from "./markdown-blocks";

describe("markdownBlocks", () => {
  it("turns bullet lines into one list between paragraphs", () => {
    expect(markdownBlocks("The line items are:\n- Paper [1]\n- Toner\n* Stapler\n\nThat is all.")).toEqual([
      { kind: "paragraph", text: "The line items are:" },
      { kind: "list", ordered: false, start: 1, items: ["Paper [1]", "Toner", "Stapler"] },
      { kind: "paragraph", text: "That is all." },
    ]);
  });

  it("keeps numbered lists with their start, and indented continuation lines in the item", () => {
    expect(markdownBlocks("3. Total\n   due on 2025-03-14\n4. Tax")).toEqual([
      { kind: "list", ordered: true, start: 3, items: ["Total\ndue on 2025-03-14", "Tax"] },
    ]);
  });

  it("separates a bullet list from a numbered one and reads headings", () => {
    expect(markdownBlocks("## Summary\n- a\n1. b")).toEqual([
      { kind: "heading", text: "Summary" },
      { kind: "list", ordered: false, start: 1, items: ["a"] },
      { kind: "list", ordered: true, start: 1, items: ["b"] },
    ]);
  });

  it("leaves text without markup as one paragraph, line breaks kept", () => {
    expect(markdownBlocks("Total: 100.44 USD\n-5 is not a bullet")).toEqual([
      { kind: "paragraph", text: "Total: 100.44 USD\n-5 is not a bullet" },
    ]);
  });
});

describe("inlineRuns", () => {
  it("finds bold and code runs and leaves lone asterisks alone", () => {
    expect(inlineRuns("The **total** is `100.44` * 2")).toEqual([
      { kind: "plain", text: "The " },
      { kind: "bold", text: "total" },
      { kind: "plain", text: " is " },
      { kind: "code", text: "100.44" },
      { kind: "plain", text: " * 2" },
    ]);
  });
});
