import type { RulingLines, RulingLine } from "@/lib/pages/types";
import type { GreyPixels } from "./estimate-skew";

// Ruling lines of tables and boxes in a page image: long runs of dark pixels along a row (or a
// column) are line pieces; pieces on neighbouring rows that overlap are one line of some thickness.
// Glyph strokes are far shorter than the minimum length, so text does not count.

const darkBelow = 128;
/** A line is at least this share of the image's longer side and this many pixels (taller than glyph stems)... */
const minLengthShare = 0.03;
const minLengthPixels = 60;
/** ...and at most this thick (in pixels at about 300 DPI: 2 mm). */
const maxThickness = 24;
const minLengthPerThickness = 10;

interface PixelLine {
  first: number;
  last: number;
  start: number;
  end: number;
}

interface Piece {
  across: number;
  start: number;
  end: number;
}

// A dark run at least `minLength` pixels long always covers a pixel whose position along it is a
// multiple of minLength. So only those pixels are looked at, and from each dark one the run is
// followed both ways: a small share of the page is read, and the pieces are exactly the runs a
// pixel-by-pixel walk finds.

/** Long dark runs along the rows, ordered by row and then by start. */
function horizontalRuns(image: GreyPixels, minLength: number): Piece[] {
  const { data, width, height } = image;
  const pieces: Piece[] = [];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let coveredUntil = 0;
    for (let x = 0; x < width; x += minLength) {
      if (x < coveredUntil || data[row + x] >= darkBelow) continue;
      let start = x;
      while (start > 0 && data[row + start - 1] < darkBelow) start--;
      let end = x + 1;
      while (end < width && data[row + end] < darkBelow) end++;
      coveredUntil = end;
      if (end - start >= minLength) pieces.push({ across: y, start, end });
    }
  }
  return pieces;
}

/** Long dark runs down the columns, ordered by column and then by start. */
function verticalRuns(image: GreyPixels, minLength: number): Piece[] {
  const { data, width, height } = image;
  const pieces: Piece[] = [];
  const coveredUntil = new Int32Array(width);
  // Sampled rows are read whole, in memory order; only the runs found are followed down columns.
  for (let y = 0; y < height; y += minLength) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if (y < coveredUntil[x] || data[row + x] >= darkBelow) continue;
      let start = y;
      while (start > 0 && data[(start - 1) * width + x] < darkBelow) start--;
      let end = y + 1;
      while (end < height && data[end * width + x] < darkBelow) end++;
      coveredUntil[x] = end;
      if (end - start >= minLength) pieces.push({ across: x, start, end });
    }
  }
  return pieces.sort((a, b) => a.across - b.across || a.start - b.start);
}

function mergePieces(pieces: Piece[]): PixelLine[] {
  const open: PixelLine[] = [];
  const done: typeof open = [];
  for (const piece of pieces) {
    const match = open.find(
      (line) => line.last >= piece.across - 1 && piece.start < line.end && line.start < piece.end,
    );
    if (match) {
      match.last = piece.across;
      match.start = Math.min(match.start, piece.start);
      match.end = Math.max(match.end, piece.end);
    } else open.push({ first: piece.across, last: piece.across, start: piece.start, end: piece.end });
    // Lines that did not continue on the previous row are finished.
    for (let index = open.length - 1; index >= 0; index--) {
      if (open[index].last < piece.across - 1) done.push(...open.splice(index, 1));
    }
  }
  // Rules are long and thin; the bars of large glyphs (a "T" at 150 px) are short for their thickness.
  return [...done, ...open].filter((line) => {
    const thickness = line.last - line.first + 1;
    return thickness <= maxThickness && line.end - line.start >= thickness * minLengthPerThickness;
  });
}

const touchPixels = 3;

function meets(horizontal: PixelLine, vertical: PixelLine): boolean {
  return (
    horizontal.first <= vertical.end + touchPixels &&
    vertical.start - touchPixels <= horizontal.last &&
    vertical.first <= horizontal.end + touchPixels &&
    horizontal.start - touchPixels <= vertical.last
  );
}

/**
 * Horizontal and vertical ruling lines, in coordinates normalised to the image (0–1), and a copy of
 * the image with those lines painted white: tesseract's layout analysis often drops the text of
 * ruled cells and boxed form fields when the lines are left in.
 */
export function findRulingLines(image: GreyPixels): { rulings: RulingLines; withoutLines: Buffer } {
  const minLength = Math.max(minLengthPixels, Math.round(Math.max(image.width, image.height) * minLengthShare));
  const horizontal = mergePieces(horizontalRuns(image, minLength));
  // A tall glyph stem (an upscaled "l") is as long as a short rule; a ruling line of a table or box
  // meets a horizontal one, a stem does not.
  const vertical = mergePieces(verticalRuns(image, minLength)).filter((line) =>
    horizontal.some((across) => meets(across, line)),
  );
  const withoutLines = Buffer.from(image.data);
  const erase = (line: PixelLine, isHorizontal: boolean) => {
    for (
      let across = Math.max(0, line.first - 1);
      across <= Math.min((isHorizontal ? image.height : image.width) - 1, line.last + 1);
      across++
    ) {
      for (let along = line.start; along < line.end; along++)
        withoutLines[isHorizontal ? across * image.width + along : along * image.width + across] = 255;
    }
  };
  horizontal.forEach((line) => erase(line, true));
  vertical.forEach((line) => erase(line, false));
  const toLine =
    (isHorizontal: boolean) =>
    (line: PixelLine): RulingLine => {
      const middle = (line.first + line.last + 1) / 2;
      return isHorizontal
        ? { position: middle / image.height, start: line.start / image.width, end: line.end / image.width }
        : { position: middle / image.width, start: line.start / image.height, end: line.end / image.height };
    };
  return { rulings: { horizontal: horizontal.map(toLine(true)), vertical: vertical.map(toLine(false)) }, withoutLines };
}
