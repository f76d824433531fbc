// PDF transformation matrices [a b c d e f] and the test both scan readers use for "this image
// covers the page".

export type Matrix = [number, number, number, number, number, number];

/** `n` then `m`: the matrix of drawing with `n` inside a space already transformed by `m`. */
export const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

/** An image drawn with `matrix` fills the view box upright, within 1%: where scanners and PDF makers round its placement. */
export function coversPage(matrix: Matrix, view: number[]): boolean {
  const [x0, y0, x1, y1] = view;
  const width = x1 - x0;
  const height = y1 - y0;
  const close = (a: number, b: number, size: number) => Math.abs(a - b) <= size * 0.01;
  return (
    close(matrix[1], 0, height) &&
    close(matrix[2], 0, width) &&
    close(matrix[0], width, width) &&
    close(matrix[3], height, height) &&
    close(matrix[4], x0, width) &&
    close(matrix[5], y0, height)
  );
}
