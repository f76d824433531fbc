import type { ModelVersion } from "@/lib/models";
import type { Page } from "./types";

/** What every format reader receives besides the bytes. */
export interface ReadOptions {
  model: ModelVersion;
  password?: string;
  /** Attach a PNG of each page for the viewer (rendered at `imageDpi`). */
  renderImages?: boolean;
  imageDpi?: number;
  /** Stop before decoding when the document has more pages. */
  maxPages?: number;
  /** Largest image (width × height) accepted before decoding; bombs are refused. */
  maxPixels?: number;
  onPage?: (page: Page) => void | Promise<void>;
}

export const defaultMaxPixels = 100_000_000;
export const defaultImageDpi = 110;
