import { withSharedAngles, type AssembledLayout } from "@/lib/pages/layout";
import type { Box, RulingLine, RulingLines, Word } from "@/lib/pages/types";

// OCR reads a straightened copy of the page: turned by a quarter turn when the text runs sideways
// or upside down, and by the measured skew, onto a canvas grown to hold the turned page (sharp's
// rotate keeps the centre). Its boxes are normalised to that copy. The viewer shows the page as
// uploaded, so every box goes back through the inverse turn: a word's rectangle becomes its
// axis-aligned bound in the page, and the turn is kept as the word's `angle`. Uniform rescaling
// (enlarging for text height) needs no mapping: boxes are normalised to the image they came from.

export interface PageTransform {
  /** Size of the page before turning, in any unit (only the ratio matters). */
  sourceWidth: number;
  sourceHeight: number;
  /** Size of the turned copy, in the same unit. */
  width: number;
  height: number;
  /** Clockwise degrees the text is turned in the source; the copy is the source turned by minus this. */
  degrees: number;
}

type Point = [number, number];

/** A point of the turned copy (its own units) in the source's units. */
function toSource(transform: PageTransform, [x, y]: Point): Point {
  const radians = (transform.degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const dx = x - transform.width / 2;
  const dy = y - transform.height / 2;
  // The copy is the source turned by -degrees about the centre; turning back is +degrees (clockwise, y down).
  return [dx * cos - dy * sin + transform.sourceWidth / 2, dx * sin + dy * cos + transform.sourceHeight / 2];
}

/** True when the transform leaves every box where it is. */
export function isIdentity(transform: PageTransform): boolean {
  return (
    transform.degrees === 0 && transform.width === transform.sourceWidth && transform.height === transform.sourceHeight
  );
}

/** A box normalised to the turned copy, as the axis-aligned bound of its corners in the source (0–1, clamped). */
export function boxToSource(box: Box, transform: PageTransform): Box {
  const corners: Point[] = [
    [box.x, box.y],
    [box.x + box.width, box.y],
    [box.x, box.y + box.height],
    [box.x + box.width, box.y + box.height],
  ].map(([x, y]) => toSource(transform, [x * transform.width, y * transform.height]));
  const xs = corners.map(([x]) => x / transform.sourceWidth);
  const ys = corners.map(([, y]) => y / transform.sourceHeight);
  const left = Math.max(0, Math.min(...xs));
  const top = Math.max(0, Math.min(...ys));
  const right = Math.min(1, Math.max(...xs));
  const bottom = Math.min(1, Math.max(...ys));
  return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** The turn as a word's angle: clockwise degrees in (-180, 180], rounded to a tenth. */
export function wordAngle(degrees: number): number {
  const turned = ((((degrees + 180) % 360) + 360) % 360) - 180;
  const angle = Math.round((turned === -180 ? 180 : turned) * 10) / 10;
  return angle === 0 ? 0 : angle;
}

/** Words, lines and blocks of a layout read from the turned copy, in the source's coordinates. */
export function layoutToSource(layout: AssembledLayout, transform: PageTransform): AssembledLayout {
  if (isIdentity(transform)) return layout;
  const word = (read: Word): Word => {
    // A word already turned in the copy (sideways text) is turned by both in the source.
    const angle = wordAngle(transform.degrees + (read.angle ?? 0));
    const mapped: Word = { ...read, box: boxToSource(read.box, transform), angle };
    if (angle === 0) delete mapped.angle;
    return mapped;
  };
  return withSharedAngles({
    ...layout,
    words: layout.words.map(word),
    lines: layout.lines.map((line) => ({ ...line, box: boxToSource(line.box, transform) })),
    blocks: layout.blocks.map((block) => ({ ...block, box: boxToSource(block.box, transform) })),
  });
}

/**
 * Ruling lines of the turned copy in the source. A ruling stays horizontal or vertical as the text
 * does: a quarter turn swaps the two, and a skewed rule is placed at its middle across its mapped
 * extent (tables are found from rules and words together, so both must be in one frame).
 */
export function rulingsToSource(rulings: RulingLines, transform: PageTransform): RulingLines {
  if (isIdentity(transform)) return rulings;
  const horizontal: RulingLine[] = [];
  const vertical: RulingLine[] = [];
  const place = (from: Point, to: Point) => {
    const [x0, y0] = toSource(transform, [from[0] * transform.width, from[1] * transform.height]);
    const [x1, y1] = toSource(transform, [to[0] * transform.width, to[1] * transform.height]);
    const [ax, ay, bx, by] = [
      x0 / transform.sourceWidth,
      y0 / transform.sourceHeight,
      x1 / transform.sourceWidth,
      y1 / transform.sourceHeight,
    ];
    const clamp = (value: number) => Math.min(1, Math.max(0, value));
    if (Math.abs(bx - ax) * transform.sourceWidth >= Math.abs(by - ay) * transform.sourceHeight) {
      horizontal.push({ position: clamp((ay + by) / 2), start: clamp(Math.min(ax, bx)), end: clamp(Math.max(ax, bx)) });
    } else {
      vertical.push({ position: clamp((ax + bx) / 2), start: clamp(Math.min(ay, by)), end: clamp(Math.max(ay, by)) });
    }
  };
  for (const rule of rulings.horizontal) place([rule.start, rule.position], [rule.end, rule.position]);
  for (const rule of rulings.vertical) place([rule.position, rule.start], [rule.position, rule.end]);
  const byPosition = (a: RulingLine, b: RulingLine) => a.position - b.position;
  return { horizontal: horizontal.sort(byPosition), vertical: vertical.sort(byPosition) };
}
