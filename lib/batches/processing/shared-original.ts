import { sharedCache } from "@/lib/documents/shared-cache";

// Chunks of one document read the same original: one copy in memory, read from storage once, and
// the same Buffer lets the PDF reader reuse the file it parsed for the previous chunk.
const originals = sharedCache<string, Buffer>({ lingerMs: 1_000 });

export class MissingOriginalError extends Error {
  constructor() {
    super("The original file is missing from storage");
  }
}

/**
 * Runs `work` with a document's original file, loading it with `load` unless another stage of the
 * same run (the run's start time tells runs apart, so a retry reads the file anew) has it open;
 * throws when it is missing from storage.
 */
export function withOriginal<T>(
  document: { storageKey: string; startedAt: Date | null },
  load: () => Promise<Buffer | null>,
  work: (bytes: Buffer) => Promise<T>,
): Promise<T> {
  return originals.with(
    `${document.storageKey}@${document.startedAt?.getTime() ?? "unstarted"}`,
    async () => {
      const bytes = await load();
      if (!bytes) throw new MissingOriginalError();
      return bytes;
    },
    work,
  );
}
