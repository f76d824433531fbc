import { describe, expect, it } from "vitest";
import type { PageStructure } from "../types";
import { findSameValue, replaceSameValue, totalPlaces } from "./same-value";

const structure: PageStructure = {
  key_value_pairs: [{ key: "Total Due", value: "100.44", page: 1, confidence: 0.9, method: "colon" }],
  tables: [
    {
      page: 1,
      pages: [1],
      rows: [
        ["Item", "Amount"],
        ["Total", "100.44"],
        ["Other", "1100.445"],
      ],
      source: "layout",
    },
  ],
  entities: [
    { type: "amount", text: "100.44 USD", value: "100.44", page: 1 },
    { type: "date", text: "2025-03-14", value: "2025-03-14", page: 1 },
  ],
};
const text = "Subtotal: 93.00\nTotal Due: 100.44 USD\nRef 1100.445";

describe("same value elsewhere on the page", () => {
  it("counts whole-word matches in the text, the cells and the entities", () => {
    const places = findSameValue(structure, text, "100.44");
    expect(places).toEqual({ text: 1, cells: 1, entities: 1 });
    expect(totalPlaces(places)).toBe(3);
    expect(totalPlaces(findSameValue(structure, text, "  "))).toBe(0);
  });

  it("replaces them all and leaves longer numbers that contain the digits alone", () => {
    const changed = replaceSameValue(structure, text, "100.44", "100.45");
    expect(changed.text).toBe("Subtotal: 93.00\nTotal Due: 100.45 USD\nRef 1100.445");
    expect(changed.structure.tables![0].rows).toEqual([
      ["Item", "Amount"],
      ["Total", "100.45"],
      ["Other", "1100.445"],
    ]);
    expect(changed.structure.entities![0]).toMatchObject({ text: "100.45 USD", value: "100.45" });
    expect(changed.structure.entities![1]).toMatchObject({ value: "2025-03-14" });
    expect(totalPlaces(findSameValue(changed.structure, changed.text, "100.44"))).toBe(0);
  });
});
