import type { JobStep, OutgoingEvent } from "./define-function";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day after `day` (YYYY-MM-DD). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * The end of a daily housekeeping run: sleeps (durably) until the next UTC day starts, then sends the
 * event of that day's run. The event id is keyed by day, so this chain and the start-up request never
 * produce two runs for one day. `sendStepId` keeps each function's own step name for runs in flight.
 */
export async function rescheduleDaily(
  step: JobStep,
  options: { day: string; sendStepId: string; next(tomorrow: string): OutgoingEvent },
): Promise<void> {
  const tomorrow = nextDay(options.day);
  await step.sleep("wait-for-next-day", Math.max(1000, Date.parse(`${tomorrow}T00:00:00Z`) - Date.now()));
  await step.sendEvent(options.sendStepId, options.next(tomorrow));
}
