import { describe, expect, it } from "vitest";
import { intersects, structureItemsAt } from "./geometry";

describe("structureItemsAt", () => {
  const structure = {
    key_value_pairs: [
      {
        key: "Total",
        value: "42",
        page: 1,
        key_box: { x: 0.1, y: 0.5, width: 0.1, height: 0.02 },
        value_box: { x: 0.3, y: 0.5, width: 0.1, height: 0.02 },
        confidence: 1,
        method: "colon",
      },
    ],
    entities: [{ type: "amount", text: "42", value: "42", page: 1, box: { x: 0.3, y: 0.5, width: 0.1, height: 0.02 } }],
    tables: [{ page: 1, pages: [1], rows: [["a"]], source: "layout", box: { x: 0, y: 0.8, width: 1, height: 0.1 } }],
  };

  it("finds the values a word on the page belongs to", () => {
    expect(structureItemsAt(structure, { x: 0.32, y: 0.505, width: 0.05, height: 0.01 })).toEqual(["kv:0", "entity:0"]);
    expect(structureItemsAt(structure, { x: 0.5, y: 0.85, width: 0.05, height: 0.01 })).toEqual(["table:0"]);
    expect(structureItemsAt(structure, { x: 0.9, y: 0.1, width: 0.05, height: 0.01 })).toEqual([]);
  });

  it("does not count boxes that only touch", () => {
    expect(intersects({ x: 0, y: 0, width: 0.5, height: 0.5 }, { x: 0.5, y: 0, width: 0.5, height: 0.5 })).toBe(false);
  });
});
