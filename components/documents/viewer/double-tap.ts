export interface Tap {
  x: number;
  y: number;
  /** Event timestamp in milliseconds. */
  at: number;
}

/** Two taps count as a double tap within this time and distance, as phones' own double-tap zoom does. */
export const DOUBLE_TAP_MS = 350;
export const DOUBLE_TAP_DISTANCE_PX = 30;

export function isDoubleTap(previous: Tap | undefined, current: Tap): boolean {
  if (!previous) return false;
  const elapsed = current.at - previous.at;
  return (
    elapsed >= 0 &&
    elapsed <= DOUBLE_TAP_MS &&
    Math.hypot(current.x - previous.x, current.y - previous.y) <= DOUBLE_TAP_DISTANCE_PX
  );
}

/** A double tap on the page zooms in to 200%, and from any zoom other than fit width back to it. */
export function zoomAfterDoubleTap(zoom: number): number {
  return zoom === 1 ? 2 : 1;
}
