// DB (differentiable binarisation) post-processing for PP-OCR's text detector: the probability map
// thresholded, each connected region turned into its minimum-area rectangle, scored by the mean
// probability inside it, and grown ("unclipped") by area × ratio / perimeter on every side, as
// PaddleOCR's DBPostProcess does for boxes (a grown rectangle is the minimum-area rectangle of
// the rounded offset polygon pyclipper would give).

export interface TextBox {
  /** Centre, in the probability map's pixels. */
  cx: number;
  cy: number;
  /** Unit vector along the text (pointing right), and the box's extent along it and across it. */
  ux: number;
  uy: number;
  width: number;
  height: number;
  score: number;
}

export interface DbOptions {
  /** Pixels above this probability are text (PaddleOCR: 0.3). */
  threshold: number;
  /** Boxes whose mean probability is below this are dropped (PaddleOCR: 0.6). */
  boxThreshold: number;
  /** Growth of the shrunk text kernel back to the text's extent (PaddleOCR: 1.5). */
  unclipRatio: number;
  /** Regions or boxes with a side below this are dropped (PaddleOCR: 3). */
  minSize: number;
}

type Point = [number, number];

/** Convex hull (Andrew's monotone chain), counter-clockwise in image coordinates. */
function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: Point[]) => {
    const chain: Point[] = [];
    for (const point of list) {
      while (chain.length >= 2 && cross(chain[chain.length - 2], chain[chain.length - 1], point) <= 0) chain.pop();
      chain.push(point);
    }
    chain.pop();
    return chain;
  };
  return sorted.length < 3 ? sorted : [...half(sorted), ...half([...sorted].reverse())];
}

/** The minimum-area rectangle around a hull: one of its sides lies along a hull edge (rotating calipers). */
function minAreaRect(hull: Point[]): Omit<TextBox, "score"> {
  let best: Omit<TextBox, "score"> | undefined;
  let bestArea = Infinity;
  const directions: Point[] =
    hull.length < 2
      ? [[1, 0]]
      : hull.map((p, i) => [hull[(i + 1) % hull.length][0] - p[0], hull[(i + 1) % hull.length][1] - p[1]]);
  for (const [ex, ey] of directions) {
    const length = Math.hypot(ex, ey);
    if (length === 0) continue;
    const [dx, dy] = [ex / length, ey / length];
    let [minU, maxU, minV, maxV] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const [x, y] of hull) {
      const [u, v] = [x * dx + y * dy, -x * dy + y * dx];
      [minU, maxU, minV, maxV] = [Math.min(minU, u), Math.max(maxU, u), Math.min(minV, v), Math.max(maxV, v)];
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea) {
      bestArea = area;
      const [cu, cv] = [(minU + maxU) / 2, (minV + maxV) / 2];
      best = { cx: cu * dx - cv * dy, cy: cu * dy + cv * dx, ux: dx, uy: dy, width: maxU - minU, height: maxV - minV };
    }
  }
  const rect = best ?? { cx: hull[0][0], cy: hull[0][1], ux: 1, uy: 0, width: 0, height: 0 };
  // Orient along the text: the axis nearer the horizontal, pointing right.
  if (Math.abs(rect.uy) > Math.abs(rect.ux))
    [rect.ux, rect.uy, rect.width, rect.height] = [rect.uy, -rect.ux, rect.height, rect.width];
  if (rect.ux < 0) [rect.ux, rect.uy] = [-rect.ux, -rect.uy];
  return rect;
}

/** Mean probability over the pixels inside a rectangle. */
function meanInside(map: Float32Array, mapWidth: number, mapHeight: number, rect: Omit<TextBox, "score">): number {
  const reach = (Math.abs(rect.ux) * rect.width + Math.abs(rect.uy) * rect.height) / 2;
  const reachY = (Math.abs(rect.uy) * rect.width + Math.abs(rect.ux) * rect.height) / 2;
  let [sum, count] = [0, 0];
  for (
    let y = Math.max(0, Math.floor(rect.cy - reachY));
    y <= Math.min(mapHeight - 1, Math.ceil(rect.cy + reachY));
    y++
  )
    for (
      let x = Math.max(0, Math.floor(rect.cx - reach));
      x <= Math.min(mapWidth - 1, Math.ceil(rect.cx + reach));
      x++
    ) {
      const [dx, dy] = [x - rect.cx, y - rect.cy];
      if (
        Math.abs(dx * rect.ux + dy * rect.uy) <= rect.width / 2 + 0.5 &&
        Math.abs(-dx * rect.uy + dy * rect.ux) <= rect.height / 2 + 0.5
      ) {
        sum += map[y * mapWidth + x];
        count++;
      }
    }
  return count === 0 ? 0 : sum / count;
}

/** Text boxes from the detector's probability map (width × height, row-major). */
export function dbBoxes(map: Float32Array, width: number, height: number, options: DbOptions): TextBox[] {
  const label = new Int32Array(width * height);
  const boxes: TextBox[] = [];
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < map.length; start++) {
    if (label[start] !== 0 || map[start] <= options.threshold) continue;
    next++;
    // One 8-connected region; its hull only needs each row's leftmost and rightmost pixel.
    const rows = new Map<number, [number, number]>();
    label[start] = next;
    stack.push(start);
    while (stack.length > 0) {
      const index = stack.pop()!;
      const [x, y] = [index % width, Math.floor(index / width)];
      const row = rows.get(y);
      if (!row) rows.set(y, [x, x]);
      else [row[0], row[1]] = [Math.min(row[0], x), Math.max(row[1], x)];
      for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny++)
        for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx++) {
          const neighbour = ny * width + nx;
          if (label[neighbour] === 0 && map[neighbour] > options.threshold) {
            label[neighbour] = next;
            stack.push(neighbour);
          }
        }
    }
    const points: Point[] = [...rows].flatMap(([y, [left, right]]): Point[] => [
      [left, y],
      [right, y],
    ]);
    const rect = minAreaRect(convexHull(points));
    if (Math.min(rect.width, rect.height) < options.minSize) continue;
    const score = meanInside(map, width, height, rect);
    if (score < options.boxThreshold) continue;
    const grow = (rect.width * rect.height * options.unclipRatio) / (2 * (rect.width + rect.height));
    const grown = { ...rect, width: rect.width + 2 * grow, height: rect.height + 2 * grow, score };
    if (Math.min(grown.width, grown.height) < options.minSize + 2) continue;
    boxes.push(grown);
  }
  return boxes;
}
