// The page model every reader produces and every consumer (extraction, viewer, API) reads.

/** A rectangle in coordinates normalised to the page: 0–1 from the top-left corner. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Word {
  text: string;
  /** 0–1. Text-layer and office words are exact (1); OCR words carry the engine's confidence. */
  confidence: number;
  /** Axis-aligned bound of the word in the page as shown (for tilted text, the bound of its rotated rectangle). */
  box: Box;
  /**
   * Degrees the word's baseline is turned clockwise in the page image, when not 0: the viewer and the
   * searchable PDF draw the word's rectangle (centred in `box`) turned by this much.
   */
  angle?: number;
  /** The engine's own reading, when the text was corrected (by the dictionary after OCR, or by a person). */
  original_text?: string;
  /** The box was placed by estimate (a word a person typed into the page's text), not measured on the image. */
  estimated?: boolean;
}

export interface Line {
  text: string;
  confidence: number;
  box: Box;
  /** Index of the line's first word in `page.words`; its words are contiguous. */
  firstWord: number;
  wordCount: number;
  /** Degrees the line is turned clockwise, when its words are all turned alike (see Word.angle). */
  angle?: number;
}

export interface Block {
  text: string;
  confidence: number;
  box: Box;
  /** Index of the block's first line in `page.lines`; its lines are contiguous. */
  firstLine: number;
  lineCount: number;
  /** Degrees the block is turned clockwise, when its lines are all turned alike. */
  angle?: number;
}

/** A table known from the source's own structure (spreadsheet sheet, DOCX table). */
export interface SourceTable {
  rows: string[][];
  /** Where the table sits on the page, when known. */
  box?: Box;
}

/** A filled AcroForm field read from a PDF. */
export interface FormFieldValue {
  name: string;
  value: string;
  box?: Box;
}

/** A ruling line in a page image: `position` is its y (horizontal) or x (vertical), `start`–`end` its extent, all 0–1. */
export interface RulingLine {
  position: number;
  start: number;
  end: number;
}

export interface RulingLines {
  horizontal: RulingLine[];
  vertical: RulingLine[];
}

export type PageSource = "text_layer" | "ocr" | "office";

/** Clockwise quarter turn the page's text was found in (0: upright; 180: upside down). */
export type PageOrientation = 0 | 90 | 180 | 270;

export interface Page {
  pageNumber: number;
  text: string;
  /** Page size in `unit`: points for PDF and office pages, pixels for images. */
  width: number;
  height: number;
  unit: "pt" | "px";
  words: Word[];
  lines: Line[];
  blocks: Block[];
  source: PageSource;
  /** Quarter turn the text was read at, when detected (OCR pages); boxes are in the image as shown regardless. */
  orientation?: PageOrientation;
  /** Mean word confidence 0–1 (1 for text layers), 0 for an empty or failed page. */
  confidence: number;
  tables?: SourceTable[];
  /** The worksheet a spreadsheet page came from. */
  sheetName?: string;
  formFields?: FormFieldValue[];
  /** Ruling lines found in the image of an OCR page: the grid of ruled tables. */
  rulings?: RulingLines;
  /** A PNG of the page for the viewer, when one was rendered. */
  image?: Buffer;
  /** Set when this page failed; its neighbours are still read. */
  error?: { code: string; message: string };
}
