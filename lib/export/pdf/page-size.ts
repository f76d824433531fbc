import type { ExportPage } from "../export-types";

const A4_LONG_SIDE = 842;

/** The PDF page size for an export page: points as stored, or an image's pixels scaled to fit A4's long side (at most 96 dpi's 0.75). */
export function pdfPageSize(page: Pick<ExportPage, "width" | "height" | "unit">): { width: number; height: number } {
  if (page.unit === "pt") return { width: page.width, height: page.height };
  const scale = Math.min(0.75, A4_LONG_SIDE / Math.max(page.width, page.height, 1));
  return { width: page.width * scale, height: page.height * scale };
}
