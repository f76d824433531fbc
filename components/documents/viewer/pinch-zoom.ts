import { ZOOM_STEPS } from "./viewer-toolbar";

export interface Finger {
  x: number;
  y: number;
}

export function fingerSpread([a, b]: Finger[]): number {
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
}

/**
 * Two fingers moved apart or together: the zoom at the pinch's start scaled as their distance
 * changed, kept to the toolbar's steps (nearest by ratio) so its buttons and figure stay in step.
 */
export function zoomAfterPinch(startZoom: number, startSpread: number, spread: number): number {
  if (startSpread <= 0 || spread <= 0) return startZoom;
  const wanted = startZoom * (spread / startSpread);
  const distance = (step: number) => Math.abs(Math.log(step / wanted));
  return ZOOM_STEPS.reduce<number>((best, step) => (distance(step) < distance(best) ? step : best), ZOOM_STEPS[0]);
}
