import type { ExportPage } from "../../export-types";
import { squeezeFor, textLayerRuns } from "../word-placements";
import type { ReportFonts } from "./shape-text";
import { textOperators } from "./text-operators";

/**
 * A page's text layer (textLayerRuns: words over their boxes, spaces over the gaps) as
 * content-stream operators: each run shaped, squeezed to its length and turned with its word;
 * invisible (render mode 3, as ocrmypdf does) over a page image, visible without one.
 */
export function textLayerOperators(
  page: ExportPage,
  size: { width: number; height: number },
  fonts: ReportFonts,
  options: { invisible: boolean },
): string {
  return textLayerRuns(page, size.width, size.height)
    .map((run) => {
      const shaped = fonts.shape(run.text);
      const [cos, sin] = [Math.cos(run.rotation), Math.sin(run.rotation)];
      return textOperators(shaped, {
        matrix: [cos, sin, -sin, cos, run.x, run.y],
        size: run.size,
        squeeze: squeezeFor(run.width, (shaped.width * run.size) / 1000),
        invisible: options.invisible,
      });
    })
    .join("\n");
}
