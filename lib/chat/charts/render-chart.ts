import sharp from "sharp";
import * as vega from "vega";
import { expressionInterpreter } from "vega-interpreter";
import { compile, type TopLevelSpec } from "vega-lite";
import { checkChartSpec, toVegaLite, type ChartSpec } from "./chart-spec";

const refuse = async (): Promise<never> => {
  throw new Error("charts load no data from URLs or files");
};

/** A vega loader that refuses every URL and file, so a spec can only draw its inline values. */
const noNetworkLoader = { load: refuse, sanitize: refuse, http: refuse, file: refuse } as unknown as vega.Loader;

export interface RenderedChart {
  svg: string;
  png: Buffer;
  /** The Vega-Lite spec drawn, for clients that want to redraw it interactively. */
  vegaLite: Record<string, unknown>;
  points: number;
}

/**
 * Draws a chart without a browser: Vega-Lite → Vega parsed to an AST and run by the CSP-safe
 * interpreter (no code generated from strings), headless renderer, SVG; PNG through sharp.
 */
export async function renderChart(spec: ChartSpec): Promise<RenderedChart> {
  checkChartSpec(spec);
  const vegaLite = toVegaLite(spec);
  const compiled = compile(vegaLite as unknown as TopLevelSpec).spec;
  const view = new vega.View(vega.parse(compiled, undefined, { ast: true }), {
    renderer: "none",
    loader: noNetworkLoader,
    expr: expressionInterpreter,
  });
  try {
    const svg = await view.toSVG();
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    return { svg, png, vegaLite, points: spec.x.length * spec.series.length };
  } finally {
    view.finalize();
  }
}
