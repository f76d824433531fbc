import type { Box, PageStructure } from "../types";

/** Below this a word is drawn as doubtful: worth a person's second look. */
export const LOW_CONFIDENCE = 0.6;

export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** What a person picked: a box on the page or a value in a panel, and the items tied to it. */
export interface Selection {
  /** "kv:0", "entity:2", "table:1", "words:15", "lines:3", "blocks:0". */
  id: string;
  page: number;
  box?: Box;
  /** Structured items whose boxes overlap the picked page box. */
  related: string[];
  /** Scroll the page image into view too (asked from a panel or the chat, which may sit far from it). */
  reveal?: boolean;
}

/** Ids of the structured values whose boxes overlap a box picked on the page. */
export function structureItemsAt(structure: PageStructure, box: Box): string[] {
  const ids: string[] = [];
  (structure.key_value_pairs ?? []).forEach((pair, index) => {
    if ((pair.value_box && intersects(pair.value_box, box)) || (pair.key_box && intersects(pair.key_box, box)))
      ids.push(`kv:${index}`);
  });
  (structure.entities ?? []).forEach((entity, index) => {
    if (entity.box && intersects(entity.box, box)) ids.push(`entity:${index}`);
  });
  (structure.tables ?? []).forEach((table, index) => {
    if (table.box && intersects(table.box, box)) ids.push(`table:${index}`);
  });
  return ids;
}
