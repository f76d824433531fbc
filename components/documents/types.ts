import type { z } from "zod";
import type {
  BatchHistoryResponse,
  BatchResultsResponse,
  BatchStatusResponse,
  BatchUploadResponse,
  PageResponse,
  ResultDocument,
} from "@/lib/batches/schemas";

// The shapes the screens read, taken from the API's own schemas so the UI cannot drift from them.

export type BatchStatus = z.infer<typeof BatchStatusResponse>;
export type BatchStatusValue = BatchStatus["status"];
export type DocumentStatusItem = BatchStatus["documents"][number];
export type BatchUpload = z.infer<typeof BatchUploadResponse>;
export type BatchHistory = z.infer<typeof BatchHistoryResponse>;
export type BatchHistoryItem = BatchHistory["batches"][number];
export type BatchResults = z.infer<typeof BatchResultsResponse>;
export type ResultDocumentBody = z.infer<typeof ResultDocument>;
export type ResultPage = z.infer<typeof PageResponse>;

/** A rectangle normalised to the page (0–1 from the top-left), as stored for every box. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface BoxedText {
  text: string;
  confidence: number;
  box: Box;
}

/** A word: `angle` when its text is turned (clockwise degrees), `original_text` when a person corrected it. */
export interface WordBox extends BoxedText {
  angle?: number;
  original_text?: string;
  /** Placed by estimate: a word typed into the page's text, not measured on the image. */
  estimated?: boolean;
}

/** bounding_boxes of a page as the processing stores them. */
export interface PageBoxes {
  width: number;
  height: number;
  unit: "pt" | "px";
  orientation?: 0 | 90 | 180 | 270;
  /** The page's text was replaced by text unrelated to its words: every box is an estimate. */
  text_replaced?: boolean;
  words: WordBox[];
  lines: (BoxedText & { firstWord: number; wordCount: number })[];
  blocks: (BoxedText & { firstLine: number; lineCount: number })[];
}

/** structured_data of a page (the extraction's snake_case output). */
export interface KeyValuePair {
  key: string;
  value: string;
  page: number;
  key_box?: Box;
  value_box?: Box;
  confidence: number;
  method: string;
}

export interface ExtractedTable {
  page: number;
  pages: number[];
  rows: string[][];
  box?: Box;
  source: string;
}

export interface Entity {
  type: string;
  text: string;
  value: string;
  currency?: string;
  page: number;
  box?: Box;
}

export interface PageStructure {
  key_value_pairs?: KeyValuePair[];
  tables?: ExtractedTable[];
  entities?: Entity[];
  language?: string;
  document_type?: string;
  [key: string]: unknown;
}

/** Statuses after which nothing changes without a person acting (retry, process). */
export const SETTLED_STATUSES: readonly BatchStatusValue[] = ["completed", "partially_completed", "failed", "uploaded"];

export function isSettled(status: BatchStatusValue): boolean {
  return SETTLED_STATUSES.includes(status);
}
