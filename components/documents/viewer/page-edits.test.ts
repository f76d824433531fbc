import { describe, expect, it } from "vitest";
import type { ResultPage } from "../types";
import { applySaved, EMPTY_EDITS, editReducer, structureOf, textOf, toCorrections, type EditState } from "./page-edits";

function page(pageNumber: number): ResultPage {
  return {
    page_number: pageNumber,
    status: "completed",
    extracted_text: `text of ${pageNumber}`,
    bounding_boxes: {},
    structured_data: {
      key_value_pairs: [{ key: "Total", value: "42.00", page: pageNumber, confidence: 0.9, method: "colon" }],
      tables: [
        {
          page: pageNumber,
          pages: [pageNumber],
          rows: [
            ["a", "b"],
            ["c", "d"],
          ],
          source: "layout",
        },
      ],
      entities: [{ type: "amount", text: "42.00", value: "42.00", page: pageNumber }],
    },
    image_url: null,
    width: 100,
    height: 100,
    source: "ocr",
    confidence: 0.9,
    error: null,
    edited: false,
    edited_at: null,
  };
}

describe("editReducer", () => {
  it("keeps typing in one field as one undo step, and a new field as another", () => {
    const first = page(1);
    let state: EditState = EMPTY_EDITS;
    state = editReducer(state, { type: "edit", page: first, target: { kind: "key_value", index: 0 }, value: "4" });
    state = editReducer(state, { type: "edit", page: first, target: { kind: "key_value", index: 0 }, value: "43.00" });
    state = editReducer(state, { type: "edit", page: first, target: { kind: "text" }, value: "fixed" });
    expect(state.undo).toHaveLength(2);
    expect(textOf(first, state.drafts)).toBe("fixed");
    expect(structureOf(first, state.drafts).key_value_pairs?.[0].value).toBe("43.00");

    state = editReducer(state, { type: "undo" });
    expect(textOf(first, state.drafts)).toBe("text of 1");
    expect(structureOf(first, state.drafts).key_value_pairs?.[0].value).toBe("43.00");
    state = editReducer(state, { type: "undo" });
    expect(state.drafts).toEqual({});
    expect(editReducer(state, { type: "undo" })).toBe(state);
  });

  it("edits table cells and entities without touching the page it started from", () => {
    const first = page(1);
    let state = editReducer(EMPTY_EDITS, {
      type: "edit",
      page: first,
      target: { kind: "cell", table: 0, row: 1, column: 0 },
      value: "C",
    });
    state = editReducer(state, { type: "edit", page: first, target: { kind: "entity", index: 0 }, value: "43.00" });
    const structure = structureOf(first, state.drafts);
    expect(structure.tables?.[0].rows).toEqual([
      ["a", "b"],
      ["C", "d"],
    ]);
    expect(structure.entities?.[0].value).toBe("43.00");
    expect((first.structured_data as { tables: { rows: string[][] }[] }).tables[0].rows[1][0]).toBe("c");
  });

  it("sends only changed fields of changed pages, in page order, and clears on save or discard", () => {
    let state = editReducer(EMPTY_EDITS, { type: "edit", page: page(3), target: { kind: "text" }, value: "three" });
    state = editReducer(state, { type: "edit", page: page(1), target: { kind: "key_value", index: 0 }, value: "1.00" });
    const corrections = toCorrections(state);
    expect(corrections.map((correction) => correction.page_number)).toEqual([1, 3]);
    expect(corrections[1]).toEqual({ page_number: 3, extracted_text: "three" });
    expect(corrections[0].extracted_text).toBeUndefined();
    expect(editReducer(state, { type: "saved" })).toEqual(EMPTY_EDITS);
    expect(editReducer(state, { type: "discard" })).toEqual(EMPTY_EDITS);
  });
});

describe("applySaved", () => {
  it("marks the page edited with the saved fields", () => {
    const saved = applySaved(page(2), { extracted_text: "new" }, "2025-01-01T00:00:00.000Z");
    expect(saved).toMatchObject({ extracted_text: "new", edited: true, edited_at: "2025-01-01T00:00:00.000Z" });
    expect(saved.structured_data).toEqual(page(2).structured_data);
  });
});

describe("propagate", () => {
  it("changes a corrected key-value's old words in the page's cells and entities as one undo step", () => {
    const first = page(1);
    let state = editReducer(EMPTY_EDITS, {
      type: "edit",
      page: first,
      target: { kind: "key_value", index: 0 },
      value: "42.50",
    });
    state = editReducer(state, { type: "propagate", page: first, from: "42.00", to: "42.50" });
    const structure = structureOf(first, state.drafts);
    expect(structure.key_value_pairs![0].value).toBe("42.50");
    expect(structure.entities![0]).toMatchObject({ text: "42.50", value: "42.50" });
    // The text had no "42.00": it is not made a draft.
    expect(state.drafts[1].extracted_text).toBeUndefined();
    state = editReducer(state, { type: "undo" });
    expect(structureOf(first, state.drafts).entities![0].value).toBe("42.00");
    expect(structureOf(first, state.drafts).key_value_pairs![0].value).toBe("42.50");
  });
});
