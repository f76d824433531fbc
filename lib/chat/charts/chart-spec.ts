import { z } from "zod";

/** Points (x values × series) a chart may show: beyond this it is unreadable and slow to draw. */
export const maxChartPoints = 5000;

/**
 * The narrow chart description a model (or the offline engine) may give. Our code turns it into a
 * Vega-Lite spec, so no model-written spec, URL or expression ever reaches the renderer.
 */
export const ChartSpec = z.object({
  type: z
    .enum(["bar", "line", "pie", "scatter"])
    .describe("bar, line, pie (first series only) or scatter (numeric x)."),
  title: z.string().max(200).describe("Shown above the chart."),
  x: z
    .array(z.union([z.string().max(200), z.number()]))
    .min(1)
    .describe("Category labels or x values, one per point."),
  series: z
    .array(
      z.object({
        name: z.string().max(100),
        values: z.array(z.number().nullable()).describe("One number per x value (null for none)."),
      }),
    )
    .min(1)
    .max(20)
    .describe("One or more named series of numbers, each as long as x."),
  x_label: z.string().max(100).optional(),
  y_label: z.string().max(100).optional(),
});
export type ChartSpec = z.infer<typeof ChartSpec>;

export class ChartSpecError extends Error {}

/** Refuses what cannot be drawn, with a message a person (or a model) can act on. */
export function checkChartSpec(spec: ChartSpec): void {
  const points = spec.x.length * spec.series.length;
  if (points > maxChartPoints) {
    throw new ChartSpecError(
      `A chart can show at most ${maxChartPoints.toLocaleString("en-US")} points; this one has ${points.toLocaleString("en-US")}. ` +
        "Aggregate or sample the data first (for example with execute_python).",
    );
  }
  const wrong = spec.series.find((series) => series.values.length !== spec.x.length);
  if (wrong)
    throw new ChartSpecError(
      `Series "${wrong.name}" has ${wrong.values.length} values but x has ${spec.x.length}; give one value per x value.`,
    );
  if (spec.type === "scatter" && spec.x.some((value) => typeof value !== "number"))
    throw new ChartSpecError("A scatter chart needs numeric x values.");
}

/** The Vega-Lite spec of a checked chart description: inline data only, no URLs, no expressions. */
export function toVegaLite(spec: ChartSpec): Record<string, unknown> {
  const values = spec.series.flatMap((series) =>
    spec.x.flatMap((x, index) =>
      series.values[index] === null ? [] : [{ x, y: series.values[index], series: series.name, order: index }],
    ),
  );
  const base = { title: spec.title, width: 480, height: 280, background: "white", data: { values } };
  const color = spec.series.length > 1 ? { color: { field: "series", type: "nominal", title: null } } : {};
  const xTitle = spec.x_label ?? null;
  const yTitle = spec.y_label ?? (spec.series.length === 1 ? spec.series[0].name : null);
  switch (spec.type) {
    case "pie":
      return {
        ...base,
        data: { values: values.filter((value) => value.series === spec.series[0].name) },
        mark: { type: "arc", tooltip: false },
        encoding: {
          theta: { field: "y", type: "quantitative" },
          color: { field: "x", type: "nominal", title: xTitle, sort: null },
        },
      };
    case "scatter":
      return {
        ...base,
        mark: { type: "point", filled: true },
        encoding: {
          x: { field: "x", type: "quantitative", title: xTitle },
          y: { field: "y", type: "quantitative", title: yTitle },
          ...color,
        },
      };
    case "line":
    case "bar":
      return {
        ...base,
        mark: spec.type === "line" ? { type: "line", point: true } : { type: "bar" },
        encoding: {
          x: { field: "x", type: "ordinal", title: xTitle, sort: { field: "order" } },
          y: { field: "y", type: "quantitative", title: yTitle },
          ...color,
          ...(spec.type === "bar" && spec.series.length > 1 ? { xOffset: { field: "series" } } : {}),
        },
      };
  }
}
