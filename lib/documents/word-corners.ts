import type { Box } from "@/lib/pages/types";

// A word's box is the axis-aligned bound of its rectangle on the page; a turned word also carries
// its angle. Whoever draws the word tilted (the viewer's outline, a searchable PDF's text) needs
// the rectangle itself: its size along and across the baseline and its four corners.

export interface TurnedRectangle {
  /** Centre, normalised to the page (0–1). */
  centreX: number;
  centreY: number;
  /** Length along the baseline and height across it, in page units (the page's width and height). */
  length: number;
  thickness: number;
  /** Corners normalised to the page, clockwise from the start of the top edge. */
  corners: Array<[number, number]>;
}

/**
 * The rectangle of a word turned clockwise by `angle` degrees whose bound is `box`, on a page of
 * `width` × `height` (any unit). Near 45° the bound no longer tells length from height; the word
 * is then taken as a square-free best effort (its bound's shorter side as the height).
 */
export function turnedRectangle(box: Box, angle: number, width: number, height: number): TurnedRectangle {
  const radians = (angle * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  const boundWidth = box.width * width;
  const boundHeight = box.height * height;
  const determinant = cos * cos - sin * sin;
  let length =
    Math.abs(determinant) > 0.2
      ? (boundWidth * cos - boundHeight * sin) / determinant
      : Math.max(boundWidth, boundHeight);
  let thickness =
    Math.abs(determinant) > 0.2
      ? (boundHeight * cos - boundWidth * sin) / determinant
      : Math.min(boundWidth, boundHeight);
  if (length <= 0 || thickness <= 0)
    [length, thickness] = [Math.max(boundWidth, boundHeight), Math.min(boundWidth, boundHeight)];
  const centreX = box.x + box.width / 2;
  const centreY = box.y + box.height / 2;
  const [ux, uy] = [Math.cos(radians), Math.sin(radians)];
  const [vx, vy] = [-uy, ux];
  const corner = (along: number, across: number): [number, number] => [
    centreX + (ux * along + vx * across) / width,
    centreY + (uy * along + vy * across) / height,
  ];
  const [a, t] = [length / 2, thickness / 2];
  return { centreX, centreY, length, thickness, corners: [corner(-a, -t), corner(a, -t), corner(a, t), corner(-a, t)] };
}
