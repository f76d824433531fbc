/** A value opened once for everyone reading the same thing at the same time, closed after its last use. */
export interface SharedCache<K, V> {
  /** Runs `work` with the value of `key`, opening it unless it is open (or still lingering). */
  with<T>(key: K, open: () => Promise<V>, work: (value: V) => Promise<T>): Promise<T>;
  /** Values open now (in use or lingering). */
  size(): number;
}

interface Entry<V> {
  value: Promise<V>;
  users: number;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Reference-counted values that outlive their last user by `lingerMs`: the chunks of one document
 * run one after another (two at a time), so the next chunk finds the file and its parsed PDF still
 * open instead of reading and parsing them again, and memory holds one copy however many chunks
 * share it. `close` runs once nobody used the value for `lingerMs`; a value that failed to open is
 * not kept.
 */
export function sharedCache<K, V>(options: { lingerMs: number; close?: (value: V) => unknown }): SharedCache<K, V> {
  const entries = new Map<K, Entry<V>>();
  const drop = (key: K, entry: Entry<V>) => {
    if (entries.get(key) === entry) entries.delete(key);
    if (options.close) void entry.value.then(options.close, () => undefined);
  };
  return {
    async with(key, open, work) {
      let entry = entries.get(key);
      if (!entry) {
        entry = { value: open(), users: 0 };
        entries.set(key, entry);
      }
      const current = entry;
      clearTimeout(current.timer);
      current.users++;
      try {
        return await work(await current.value);
      } catch (error) {
        // A value that could not be opened is asked for again next time, not lingered.
        if (
          await current.value.then(
            () => false,
            () => true,
          )
        )
          entries.delete(key);
        throw error;
      } finally {
        if (--current.users === 0) {
          current.timer = setTimeout(() => drop(key, current), options.lingerMs);
          current.timer.unref?.();
        }
      }
    },
    size: () => entries.size,
  };
}
