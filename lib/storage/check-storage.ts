import { randomUUID } from "node:crypto";
import { getBlobStore } from "./get-blob-store";
import type { BlobStore } from "./types";

export interface StorageHealth {
  ok: boolean;
  latencyMs: number;
  error?: string;
}

/** Writes, reads back and deletes a tiny probe blob; reports the round trip time or the failure. */
export async function checkStorage(store?: BlobStore): Promise<StorageHealth> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const target = store ?? getBlobStore();
    const key = `health/${randomUUID()}.txt`;
    const probe = Buffer.from(`probe ${key}`);
    await target.put(key, probe, "text/plain");
    try {
      const read = await target.getBuffer(key);
      if (!read || !read.equals(probe)) throw new Error("probe blob read back different bytes");
    } finally {
      await target.delete(key);
    }
    return { ok: true, latencyMs: elapsed() };
  } catch (error) {
    return { ok: false, latencyMs: elapsed(), error: error instanceof Error ? error.message : String(error) };
  }
}
