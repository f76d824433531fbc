import { formatNumber } from "./format";
import type { TokenUsage } from "./usage-types";

const CHART_HEIGHT = 160;
const BAR_GAP = 2;

/**
 * Tokens per day of the period as an SVG bar chart (each bar has a tooltip), with the same numbers
 * in a table for screen readers and keyboard users.
 */
export function UsageByDayChart({ days }: { days: TokenUsage["by_day"] }) {
  const peak = Math.max(0, ...days.map((day) => day.tokens));
  const max = Math.max(1, peak);
  const barWidth = 24;
  const width = Math.max(days.length, 1) * (barWidth + BAR_GAP);

  return (
    <figure className="flex flex-col gap-2">
      <div className="overflow-x-auto">
        <svg
          viewBox={`0 0 ${width} ${CHART_HEIGHT + 20}`}
          className="h-48 min-w-full"
          style={{ width: `max(100%, ${days.length * 14}px)` }}
          preserveAspectRatio="none"
          aria-hidden="true"
          data-testid="usage-by-day-chart"
        >
          <line x1="0" x2={width} y1={CHART_HEIGHT} y2={CHART_HEIGHT} className="stroke-line" strokeWidth="1" />
          {days.map((day, index) => {
            const height = day.tokens === 0 ? 0 : Math.max(2, (day.tokens / max) * (CHART_HEIGHT - 8));
            return (
              <g key={day.date}>
                <title>{`${day.date}: ${formatNumber(day.tokens)} tokens, ${day.requests} requests`}</title>
                <rect
                  x={index * (barWidth + BAR_GAP)}
                  y={CHART_HEIGHT - height}
                  width={barWidth}
                  height={height}
                  rx="2"
                  className="fill-brand-500"
                />
                <rect
                  x={index * (barWidth + BAR_GAP)}
                  y="0"
                  width={barWidth}
                  height={CHART_HEIGHT}
                  fill="transparent"
                />
              </g>
            );
          })}
        </svg>
      </div>
      <figcaption className="flex justify-between text-xs text-ink-muted">
        <span>{days[0]?.date}</span>
        <span>Tokens per day (UTC), peak {formatNumber(peak)}</span>
        <span>{days.at(-1)?.date}</span>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-ink-muted hover:text-ink">Show as a table</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">Usage by day</caption>
          <thead className="text-ink-muted">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Day
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Tokens
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Requests
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Pages
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date} className="border-t border-line">
                <td className="py-1">{day.date}</td>
                <td className="py-1 text-right tabular-nums">{formatNumber(day.tokens)}</td>
                <td className="py-1 text-right tabular-nums">{formatNumber(day.requests)}</td>
                <td className="py-1 text-right tabular-nums">{formatNumber(day.pages)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
