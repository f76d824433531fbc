import type { Db } from "@/lib/db";

/** How often a running stage asks whether its job is still wanted: cancel stops work within about this. */
export const CANCELLATION_POLL_MS = 1_000;

/**
 * An AbortSignal that aborts once the job is no longer processing (cancelled by its owner, or
 * finished elsewhere). The job's state lives in the database, so it is polled: this works the same
 * whether the run is in this process or called by an Inngest server. `stop()` ends the polling.
 */
export function watchJobCancellation(options: { db: Db; jobId: string; intervalMs?: number }): {
  signal: AbortSignal;
  stop(): void;
} {
  const controller = new AbortController();
  let checking = false;
  const timer = setInterval(async () => {
    if (checking || controller.signal.aborted) return;
    checking = true;
    try {
      const job = await options.db.job.findUnique({ where: { id: options.jobId }, select: { status: true } });
      if (!job || job.status !== "processing")
        controller.abort(new DOMException(`Job ${options.jobId} is ${job?.status ?? "gone"}`, "AbortError"));
    } catch {
      // A failed look is not a cancellation; the next tick asks again.
    } finally {
      checking = false;
    }
  }, options.intervalMs ?? CANCELLATION_POLL_MS);
  timer.unref?.();
  return {
    signal: controller.signal,
    stop: () => clearInterval(timer),
  };
}
