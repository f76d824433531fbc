import type { SharpOptions } from "sharp";

/** A page's image as OCR takes it: bytes sharp reads (a file, or raw pixels described by `decode`) and its resolution on the page. */
export interface ScanImage {
  input: Buffer;
  decode?: SharpOptions;
  width: number;
  height: number;
  /** Pixels per inch of the image on the page. */
  dpi: number;
}
