import type { Box } from "@/lib/pages/types";

/** One page as an export draws it: stored data with the request's unsaved edits applied. */
export interface ExportPage {
  pageNumber: number;
  /** missing: not read yet (still processing) or failed; drawn as a note, not as content. */
  status: "completed" | "missing";
  error: string | null;
  text: string;
  words: { text: string; box: Box; angle?: number }[];
  /** Lines as word ranges, for a shared baseline per line in the text layer. */
  lines: { box: Box; firstWord: number; wordCount: number }[];
  width: number;
  height: number;
  unit: "pt" | "px";
  imageKey: string | null;
  /** text_layer | ocr | office */
  source: string | null;
  /** Corrected by a person (stored edit or unsaved edit in the request). */
  edited: boolean;
  keyValues: { key: string; value: string }[];
  tables: string[][][];
}

/** A document chosen for export, with the facts a writer needs before it reads pages. */
export interface ExportDocument {
  id: string;
  batchId: string;
  fileName: string;
  detectedType: string | null;
  storageKey: string;
  status: string;
  /** Pages the document has or will have. */
  pageCount: number;
}
