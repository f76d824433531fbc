interface UsageTotals {
  tokens: number;
  requests: number;
  pages: number;
}

/** GET /api/users/me/usage (TokenUsageResponse). */
export interface TokenUsage {
  tier: string;
  period_start: string;
  period_end: string;
  tokens_used: number;
  tokens_limit: number;
  tokens_remaining: number;
  requests: number;
  pages: number;
  by_day: (UsageTotals & { date: string })[];
  by_model: (UsageTotals & { model: string })[];
}
