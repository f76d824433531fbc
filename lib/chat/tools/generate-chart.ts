import { randomUUID } from "node:crypto";
import { ChartSpec, ChartSpecError } from "../charts/chart-spec";
import { renderChart } from "../charts/render-chart";
import { ChatToolError, type ChatToolContext } from "./tool-context";

export const GenerateChartInput = ChartSpec;

export const generateChartDescription =
  "Draw a bar, line, pie or scatter chart from numbers you already have (x values and named series). The image is shown to the user; " +
  "at most 5,000 points.";

/** Renders the chart, shows it in the stream as a PNG part, and answers what was drawn. */
export async function generateChart(context: ChatToolContext, input: unknown) {
  const spec = ChartSpec.parse(input);
  let chart;
  try {
    chart = await renderChart(spec);
  } catch (error) {
    if (error instanceof ChartSpecError) throw new ChatToolError(error.message);
    throw error;
  }
  const chartId = randomUUID();
  context.emit?.({
    type: "file",
    mediaType: "image/png",
    url: `data:image/png;base64,${chart.png.toString("base64")}`,
  });
  return { chart_id: chartId, type: spec.type, title: spec.title, points: chart.points, shown_to_user: true };
}
