import { describe, expect, it } from "vitest";
import { generateChart } from "../tools/generate-chart";
import { ChatToolError } from "../tools/tool-context";
import { chatDocumentFromLines, toolContext } from "../testing/chat-documents";
import { ChartSpec, toVegaLite } from "./chart-spec";
import { renderChart } from "./render-chart";

describe("charts", () => {
  it("draws each chart type to SVG and PNG from our own spec, with inline data only", async () => {
    for (const type of ["bar", "line", "pie", "scatter"] as const) {
      const chart = await renderChart({
        type,
        title: `A ${type}`,
        x: [1, 2, 3],
        series: [{ name: "Amount", values: [40, 80.5, 12] }],
      });
      expect(chart.svg).toContain("<svg");
      expect(chart.svg).toContain(`A ${type}`);
      expect(chart.png.subarray(1, 4).toString()).toBe("PNG");
      expect(JSON.stringify(chart.vegaLite)).not.toMatch(/"url"|"expr"|"signal"/);
    }
  });

  it("refuses 100,000 points with a message saying what to do, before drawing", async () => {
    const spec = {
      type: "line" as const,
      title: "Too many",
      x: Array.from({ length: 100_000 }, (_, index) => index),
      series: [{ name: "y", values: Array.from({ length: 100_000 }, () => 1) }],
    };
    await expect(renderChart(spec)).rejects.toThrow(
      "A chart can show at most 5,000 points; this one has 100,000. Aggregate or sample the data first",
    );
    const context = toolContext([await chatDocumentFromLines("a.pdf", [["x"]])]);
    await expect(generateChart(context, spec)).rejects.toBeInstanceOf(ChatToolError);
  });

  it("refuses series that do not match x, and text in a scatter", () => {
    expect(() =>
      toVegaLite(ChartSpec.parse({ type: "bar", title: "t", x: ["a"], series: [{ name: "s", values: [1] }] })),
    ).not.toThrow();
    return Promise.all([
      expect(
        renderChart({ type: "bar", title: "t", x: ["a", "b"], series: [{ name: "s", values: [1] }] }),
      ).rejects.toThrow(/has 1 values but x has 2/),
      expect(
        renderChart({ type: "scatter", title: "t", x: ["a"], series: [{ name: "s", values: [1] }] }),
      ).rejects.toThrow(/numeric x/),
    ]);
  });
});
