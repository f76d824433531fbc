/** Items waiting before the reader is made to wait for the writer (bounds memory held in page images). */
const maxWaiting = 16;

/**
 * Hands items to `write` in groups without holding up the producer: the first item is written at
 * once, and items that arrive while a write runs go together in the next one. A slow producer (OCR,
 * a second a page) so gets every item written as soon as it is made; a fast one (text layers, a few
 * milliseconds a page) gets a few statements for many items. `drain` waits for everything and
 * rethrows the first failure.
 */
export function writeBehind<T>(write: (items: T[]) => Promise<void>) {
  let waiting: T[] = [];
  let running: Promise<void> | undefined;
  let current: Promise<void> | undefined;
  let failure: unknown;

  const run = async () => {
    while (waiting.length > 0 && failure === undefined) {
      const items = waiting;
      waiting = [];
      current = write(items).catch((error: unknown) => {
        failure = error;
      });
      await current;
    }
    running = undefined;
  };

  return {
    async add(item: T): Promise<void> {
      if (failure !== undefined) throw failure;
      waiting.push(item);
      running ??= run();
      if (waiting.length >= maxWaiting) await current;
    },
    async drain(): Promise<void> {
      while (running) await running;
      if (failure !== undefined) throw failure;
    },
  };
}
