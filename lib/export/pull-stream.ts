import { logger, type LogFields } from "@/lib/log/logger";

/**
 * A pull stream over the chunks: the next chunk is made only when the client has taken the last.
 * The first is made before answering, so a failure to start (fonts, the first read) is an error
 * response rather than a download cut short. A later failure errors the stream, which makes the
 * server abort the response (the client sees an incomplete transfer, never a complete-looking file),
 * and is logged as `failure.event` with the other fields of `failure`.
 */
export async function pullStream(
  chunks: AsyncGenerator<Uint8Array>,
  failure: { event: string } & LogFields,
): Promise<ReadableStream<Uint8Array>> {
  let first: IteratorResult<Uint8Array> | undefined = await chunks.next();
  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = first ?? (await chunks.next());
        first = undefined;
        // The client left while this chunk was being made: nothing to send it to.
        if (cancelled) return;
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        // Stopped because the client went away (see readExportPages): not a failure.
        if (error instanceof Error && error.name === "AbortError") return controller.error(error);
        const { event, ...fields } = failure;
        logger.error(event, {
          ...fields,
          error: error instanceof Error ? (error.stack ?? error.message) : String(error),
        });
        controller.error(error);
      }
    },
    async cancel() {
      cancelled = true;
      await chunks.return(undefined);
    },
  });
}
