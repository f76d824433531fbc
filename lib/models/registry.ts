// The models the service offers. Aliases point at the newest dated version of their family; a
// dated id pins a version. Token cost is charged per page processed (per form for fill):
// baseTokensPerPage × costMultiplier, the middle of the ranges the developer API quotes.

export type ModelKind = "ocr" | "fill";

export interface ModelVersion {
  /** Dated id, e.g. docsvc-OCR-v1-2025-02. */
  id: string;
  alias: string;
  kind: ModelKind;
  released: string;
  description: string;
  costMultiplier: number;
  /** Tokens charged per page processed (per form for fill). */
  tokensPerPage: number;
  approxTokens: { min: number; max: number; per: "page" | "form" };
  /** Speed measured by bench/ on a 2-core machine (see README). */
  speed: string;
  bestFor: string;
  capabilities: string[];
  maxPagesPerRequest: number;
  /** OCR settings this version runs with. */
  ocr?: { targetDpi: number; maxLongSide: number; passes: OcrPass[]; minSourceDpi: number };
}

/**
 * One OCR pass: the image it reads, the recogniser and the resolution. Images: `grey` is the
 * normalised greyscale page; `clean` that page, once scaled, with its contrast stretched, a 3-pixel
 * median and sharpening; `denoised` the page with a 3-pixel median at its normalised resolution,
 * before any enlargement (so speckle is removed rather than enlarged). Recognisers: `fast` is
 * tesseract's small LSTM (tessdata_fast, about a third less CPU per character), `best` the larger
 * one (tessdata_best, integer), which reads degraded text better. Resolutions (see
 * lib/ocr/recognition-scale.ts): `standard` shrinks large text to 14-pixel glyphs and enlarges
 * small text to 20; `high` never shrinks and enlarges small text further. A pass without one reads
 * at its model's own.
 */
export interface OcrPass {
  image: "grey" | "clean" | "denoised";
  recogniser: OcrRecogniser;
  resolution?: OcrResolution;
}

export type OcrResolution = "standard" | "high";

export type OcrRecogniser = "fast" | "best";

/** Base tokens of one page with a 1x model. */
export const baseTokensPerPage = 1000;

export const modelVersions: readonly ModelVersion[] = [
  {
    id: "docsvc-OCR-v1-2025-02",
    alias: "docsvc-OCR-v1",
    kind: "ocr",
    released: "2025-02-01",
    description: "Standard OCR plus AI structuring",
    costMultiplier: 1,
    tokensPerPage: baseTokensPerPage,
    approxTokens: { min: 500, max: 1500, per: "page" },
    speed: "text-layer pages in milliseconds; scanned pages about 1 s per page",
    bestFor: "Digital PDFs, clean scans, typed documents",
    capabilities: [
      "text extraction",
      "word, line and block bounding boxes",
      "table detection",
      "key-value pairs",
      "schema-guided extraction",
      "multi-page documents up to 200 pages per request",
      "limited handwriting recognition",
      "scans of at least 150 DPI",
    ],
    maxPagesPerRequest: 200,
    ocr: { targetDpi: 300, maxLongSide: 3600, passes: [{ image: "grey", recogniser: "fast" }], minSourceDpi: 150 },
  },
  {
    id: "docsvc-OCR-XL-v1-2025-02",
    alias: "docsvc-OCR-XL-v1",
    kind: "ocr",
    released: "2025-02-01",
    description: "Enhanced multi-pass OCR plus AI structuring",
    costMultiplier: 2,
    tokensPerPage: baseTokensPerPage * 2,
    approxTokens: { min: 1000, max: 3000, per: "page" },
    speed: "text-layer pages in milliseconds; scanned pages about 2–4 s per page",
    bestFor: "Handwriting, low-quality scans, complex layouts",
    capabilities: [
      "everything docsvc-OCR-v1 does",
      "higher resolution rendering and image clean-up",
      "several OCR passes, best result per region by confidence",
      "low-quality scans down to 75 DPI",
      "handwriting where the OCR engine can read it",
    ],
    maxPagesPerRequest: 200,
    // The first pass is docsvc-OCR-v1's (same normalisation, resolution and recogniser), so XL starts
    // from v1's reading; the other two replace it only where they agree against it or read a line
    // far more confidently (lib/ocr/merge-passes.ts). Normalising to 400 DPI instead of 300 read
    // fewer words (FUNSD 69.8% against 71.7% with the best model) for more CPU.
    ocr: {
      targetDpi: 300,
      maxLongSide: 3600,
      passes: [
        { image: "grey", recogniser: "fast", resolution: "standard" },
        { image: "clean", recogniser: "best", resolution: "standard" },
        { image: "denoised", recogniser: "best", resolution: "high" },
      ],
      minSourceDpi: 75,
    },
  },
  {
    id: "docsvc-fill-v1-2025-02",
    alias: "docsvc-fill-v1",
    kind: "fill",
    released: "2025-02-01",
    description: "Form field detection plus semantic mapping",
    costMultiplier: 1,
    tokensPerPage: baseTokensPerPage,
    approxTokens: { min: 500, max: 2000, per: "form" },
    speed: "about 1–3 s per form",
    bestFor: "PDF form filling",
    capabilities: [
      "text fields, checkboxes, radio buttons, dropdowns and signature fields",
      "extraction from source documents",
      "natural-language instructions",
      "explicit JSON mappings",
      "cross-language field matching",
      "per-field confidence",
      "form flattening",
    ],
    maxPagesPerRequest: 200,
  },
];

export const defaultOcrModel = "docsvc-OCR-v1";
