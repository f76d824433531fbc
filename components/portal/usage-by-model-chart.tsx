import { EmptyState } from "@/components/ui/empty-state";
import { formatNumber } from "./format";
import type { TokenUsage } from "./usage-types";

/** Tokens per model as labelled horizontal bars (plain CSS widths), largest first. */
export function UsageByModelChart({ models }: { models: TokenUsage["by_model"] }) {
  if (models.length === 0) return <EmptyState title="No model used yet this period" />;
  const max = Math.max(1, ...models.map((model) => model.tokens));
  return (
    <ul className="flex flex-col gap-3" aria-label="Tokens by model">
      {models.map((model) => (
        <li key={model.model} className="flex flex-col gap-1" data-testid="usage-model-row">
          <div className="flex flex-wrap justify-between gap-2 text-sm">
            <span className="font-mono text-ink">{model.model}</span>
            <span className="tabular-nums text-ink-muted">
              {formatNumber(model.tokens)} tokens · {formatNumber(model.requests)} requests ·{" "}
              {formatNumber(model.pages)} pages
            </span>
          </div>
          <div className="h-2 rounded-full bg-surface-muted" aria-hidden="true">
            <div className="h-2 rounded-full bg-brand-500" style={{ width: `${(model.tokens / max) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
