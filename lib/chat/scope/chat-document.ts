import type { Box, Page } from "@/lib/pages/types";

/** A stored key-value pair of a page, as the reading engine saved it (page structured_data). */
export interface StoredPair {
  key: string;
  value: string;
  page: number;
  keyBox?: Box;
  valueBox?: Box;
  confidence: number;
}

/** A stored table of a page: its rows of cell text and where it sits. */
export interface StoredTable {
  page: number;
  rows: string[][];
  box?: Box;
}

/** One document the chat may read: its pages (words, lines, blocks with boxes) and stored structure. */
export interface ChatDocument {
  id: string;
  batchId: string;
  name: string;
  pages: Page[];
  pairs: StoredPair[];
  tables: StoredTable[];
}
