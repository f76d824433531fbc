import type { PageCorrection } from "../batch-api";
import type { PageStructure, ResultPage } from "../types";
import { replaceSameValue } from "./same-value";

// A person's unsaved corrections of a document's pages, and the undo history over them. Pure, so
// the rules (what counts as one undo step, what gets saved) are tested without a browser.

export interface PageDraft {
  extracted_text?: string;
  structured_data?: PageStructure;
}

export interface EditState {
  drafts: Record<number, PageDraft>;
  /** Earlier drafts, newest last; one entry per edited field, however many keystrokes it took. */
  undo: Record<number, PageDraft>[];
  /** The field the newest undo entry belongs to, so typing on in the same field adds no entry. */
  lastField?: string;
}

export const EMPTY_EDITS: EditState = { drafts: {}, undo: [] };

export type EditTarget =
  | { kind: "text" }
  | { kind: "key_value"; index: number }
  | { kind: "entity"; index: number }
  | { kind: "cell"; table: number; row: number; column: number };

export type EditAction =
  | { type: "edit"; page: ResultPage; target: EditTarget; value: string }
  | { type: "propagate"; page: ResultPage; from: string; to: string }
  | { type: "undo" }
  | { type: "discard" }
  | { type: "saved" };

export function structureOf(page: ResultPage, drafts: Record<number, PageDraft>): PageStructure {
  return drafts[page.page_number]?.structured_data ?? (page.structured_data as PageStructure);
}

export function textOf(page: ResultPage, drafts: Record<number, PageDraft>): string {
  return drafts[page.page_number]?.extracted_text ?? page.extracted_text;
}

function fieldKey(pageNumber: number, target: EditTarget): string {
  return `${pageNumber}:${JSON.stringify(target)}`;
}

function withValue(
  structure: PageStructure,
  target: Exclude<EditTarget, { kind: "text" }>,
  value: string,
): PageStructure {
  switch (target.kind) {
    case "key_value":
      return {
        ...structure,
        key_value_pairs: (structure.key_value_pairs ?? []).map((pair, index) =>
          index === target.index ? { ...pair, value } : pair,
        ),
      };
    case "entity":
      return {
        ...structure,
        entities: (structure.entities ?? []).map((entity, index) =>
          index === target.index ? { ...entity, value } : entity,
        ),
      };
    case "cell":
      return {
        ...structure,
        tables: (structure.tables ?? []).map((table, index) =>
          index === target.table
            ? {
                ...table,
                rows: table.rows.map((row, rowIndex) =>
                  rowIndex === target.row ? row.map((cell, column) => (column === target.column ? value : cell)) : row,
                ),
              }
            : table,
        ),
      };
  }
}

function applyEdit(
  drafts: Record<number, PageDraft>,
  page: ResultPage,
  target: EditTarget,
  value: string,
): Record<number, PageDraft> {
  const draft = drafts[page.page_number] ?? {};
  const next: PageDraft =
    target.kind === "text"
      ? { ...draft, extracted_text: value }
      : { ...draft, structured_data: withValue(structureOf(page, drafts), target, value) };
  return { ...drafts, [page.page_number]: next };
}

export function editReducer(state: EditState, action: EditAction): EditState {
  switch (action.type) {
    case "edit": {
      const field = fieldKey(action.page.page_number, action.target);
      const undo = field === state.lastField ? state.undo : [...state.undo, state.drafts];
      return { drafts: applyEdit(state.drafts, action.page, action.target, action.value), undo, lastField: field };
    }
    case "propagate": {
      // A corrected key-value's old words, changed wherever else the page has them: one undo step.
      const { page, from, to } = action;
      const changed = replaceSameValue(structureOf(page, state.drafts), textOf(page, state.drafts), from, to);
      const draft: PageDraft = {
        ...state.drafts[page.page_number],
        structured_data: changed.structure,
        ...(changed.text !== textOf(page, state.drafts) ? { extracted_text: changed.text } : {}),
      };
      return {
        drafts: { ...state.drafts, [page.page_number]: draft },
        undo: [...state.undo, state.drafts],
        lastField: undefined,
      };
    }
    case "undo": {
      if (state.undo.length === 0) return state;
      return { drafts: state.undo[state.undo.length - 1], undo: state.undo.slice(0, -1), lastField: undefined };
    }
    case "discard":
    case "saved":
      return EMPTY_EDITS;
  }
}

export function editedPageNumbers(state: EditState): number[] {
  return Object.keys(state.drafts)
    .map(Number)
    .sort((a, b) => a - b);
}

/** The PUT body: each edited page with only the fields a person changed. */
export function toCorrections(state: EditState): PageCorrection[] {
  return editedPageNumbers(state).map((pageNumber) => ({ page_number: pageNumber, ...state.drafts[pageNumber] }));
}

/** The pages as they are once the corrections are saved. */
export function applySaved(page: ResultPage, draft: PageDraft, editedAt: string): ResultPage {
  return {
    ...page,
    ...(draft.extracted_text !== undefined ? { extracted_text: draft.extracted_text } : {}),
    ...(draft.structured_data !== undefined ? { structured_data: draft.structured_data } : {}),
    edited: true,
    edited_at: editedAt,
  };
}
