import { describe, expect, it } from "vitest";
import { assignPrintedPages } from "./stack-printed-pages";

describe("printed pages onto counted pages", () => {
  it("gives each counted page the run of printed pages holding its text", () => {
    const native = ["Item 1 Item 2 Item 3 Item 4 Item 5 Item 6", "Total 42 Summary"];
    expect(assignPrintedPages(["Item 1 Item 2", "Item 3 Item 4", "Item 5 Item 6", "Total 42 Summary"], native)).toEqual(
      [0, 0, 0, 1],
    );
    // Every counted page keeps at least one printed page, even one whose text matches poorly.
    expect(assignPrintedPages(["Item 1 Item 2", "Item 3 Item 4", "unrelated"], native)).toEqual([0, 0, 1]);
    expect(assignPrintedPages(["Item 1", "Total"], native)).toEqual([0, 1]);
  });

  it("cannot split a printed page: fewer printed pages than counted ones are not assigned", () => {
    expect(assignPrintedPages(["Item 1 Total 42"], ["Item 1", "Total 42"])).toBeNull();
  });
});
