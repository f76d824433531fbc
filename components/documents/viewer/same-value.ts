import type { PageStructure } from "../types";

// A corrected value where the same words appear elsewhere on the page: in the text, a table cell or an
// entity. Found and replaced as whole words, so "100.44" does not match inside "1100.445".

function wholeWord(value: string): RegExp {
  const escaped = value.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "gu");
}

export interface SameValuePlaces {
  text: number;
  cells: number;
  entities: number;
}

/** Where else on the page `value` appears (the key-value's own place is not counted). */
export function findSameValue(structure: PageStructure, text: string, value: string): SameValuePlaces {
  if (value.trim() === "") return { text: 0, cells: 0, entities: 0 };
  const pattern = wholeWord(value);
  const count = (haystack: string) => haystack.match(pattern)?.length ?? 0;
  return {
    text: count(text),
    cells: (structure.tables ?? []).reduce(
      (sum, table) =>
        sum + table.rows.reduce((rowSum, row) => rowSum + row.filter((cell) => count(cell) > 0).length, 0),
      0,
    ),
    entities: (structure.entities ?? []).filter((entity) => count(entity.value) > 0 || count(entity.text) > 0).length,
  };
}

export function totalPlaces(places: SameValuePlaces): number {
  return places.text + places.cells + places.entities;
}

/** The page with every whole-word `from` in its text, table cells and entities changed to `to`. */
export function replaceSameValue(
  structure: PageStructure,
  text: string,
  from: string,
  to: string,
): { structure: PageStructure; text: string } {
  if (from.trim() === "") return { structure, text };
  const pattern = wholeWord(from);
  const swap = (value: string) => value.replace(pattern, to.trim());
  return {
    text: swap(text),
    structure: {
      ...structure,
      tables: structure.tables?.map((table) => ({ ...table, rows: table.rows.map((row) => row.map(swap)) })),
      entities: structure.entities?.map((entity) => ({
        ...entity,
        value: swap(entity.value),
        text: swap(entity.text),
      })),
    },
  };
}
