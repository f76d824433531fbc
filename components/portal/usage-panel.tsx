"use client";

import { useApiResource } from "@/lib/client/use-api-resource";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { formatDate, formatNumber } from "./format";
import { UsageByDayChart } from "./usage-by-day-chart";
import { UsageByModelChart } from "./usage-by-model-chart";
import type { TokenUsage } from "./usage-types";

/** This period's tokens and requests against the tier's allowance, by day and by model. */
export function UsagePanel() {
  const usage = useApiResource<TokenUsage>("/api/users/me/usage");

  if (usage.status === "loading") return <Spinner label="Loading usage…" className="min-h-48" />;
  if (usage.status === "error") {
    return (
      <Alert
        tone="error"
        title="Could not load usage"
        action={
          <Button variant="secondary" onClick={usage.reload}>
            Try again
          </Button>
        }
      >
        {usage.error.message}
      </Alert>
    );
  }
  const data = usage.data;
  const share = data.tokens_limit > 0 ? Math.min(data.tokens_used / data.tokens_limit, 1) : 1;

  return (
    <div className="flex flex-col gap-6">
      <Card
        title="This period"
        description={`${formatDate(data.period_start)} – ${formatDate(new Date(new Date(data.period_end).getTime() - 1).toISOString())} (UTC) · ${data.tier} plan`}
      >
        <div className="flex flex-col gap-2">
          <p className="text-sm text-ink">
            <span className="text-2xl font-semibold tabular-nums" data-testid="tokens-used">
              {formatNumber(data.tokens_used)}
            </span>{" "}
            of {formatNumber(data.tokens_limit)} tokens used
          </p>
          <div
            role="progressbar"
            aria-label="Tokens used this period"
            aria-valuemin={0}
            aria-valuemax={data.tokens_limit}
            aria-valuenow={data.tokens_used}
            className="h-3 rounded-full bg-surface-muted"
          >
            <div
              className={`h-3 rounded-full ${share >= 0.9 ? "bg-red-600" : "bg-brand-500"}`}
              style={{ width: `${share * 100}%` }}
            />
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
            <Stat label="Tokens left" value={data.tokens_remaining} />
            <Stat label="Requests" value={data.requests} testId="requests" />
            <Stat label="Pages" value={data.pages} />
            <Stat label="Allowance" value={data.tokens_limit} />
          </dl>
        </div>
      </Card>
      <Card title="By day">
        <UsageByDayChart days={data.by_day} />
      </Card>
      <Card title="By model">
        <UsageByModelChart models={data.by_model} />
      </Card>
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <div>
      <dt className="text-ink-muted">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums" data-testid={testId}>
        {formatNumber(value)}
      </dd>
    </div>
  );
}
