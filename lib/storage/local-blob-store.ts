import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { readStreamToBuffer, toNodeReadable, toWebStream } from "./blob-body";
import { resolveRange } from "./blob-range";
import type { BlobBody, BlobListEntry, BlobStore, GetOptions, StoredBlob } from "./types";
import { assertValidKey, assertValidPrefix } from "./validate-key";

const FALLBACK_CONTENT_TYPE = "application/octet-stream";

interface BlobMeta {
  contentType: string;
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

async function isDirectory(target: string): Promise<boolean> {
  try {
    return (await stat(target)).isDirectory();
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

/**
 * Blobs as files under `root`: `objects/{key}` holds the bytes, `meta/{key}.json` the content type,
 * `tmp/` the writes in progress. A write goes to tmp/ and is renamed into place, so a failed or
 * interrupted write never leaves a partial blob under its key.
 */
export function createLocalBlobStore(root: string): BlobStore {
  const objectsDir = path.resolve(root, "objects");
  const metaDir = path.resolve(root, "meta");
  const tmpDir = path.resolve(root, "tmp");

  // Validation already refuses "..", absolute paths and backslashes; this is the second fence.
  function inside(dir: string, relative: string): string {
    const resolved = path.resolve(dir, relative);
    if (resolved !== dir && !resolved.startsWith(dir + path.sep)) {
      throw new Error(`Resolved blob path escapes the store: ${relative}`);
    }
    return resolved;
  }
  const objectPath = (key: string) => inside(objectsDir, key);
  const metaPath = (key: string) => inside(metaDir, `${key}.json`);

  async function readMeta(key: string): Promise<BlobMeta> {
    try {
      return JSON.parse(await readFile(metaPath(key), "utf8")) as BlobMeta;
    } catch (error) {
      // A crash between the two renames of put() leaves bytes without metadata: still readable.
      if (isMissing(error)) return { contentType: FALLBACK_CONTENT_TYPE };
      throw error;
    }
  }

  async function put(key: string, body: BlobBody, contentType: string): Promise<void> {
    assertValidKey(key);
    await mkdir(tmpDir, { recursive: true });
    const tmpObject = path.join(tmpDir, `${randomUUID()}.blob`);
    const tmpMeta = path.join(tmpDir, `${randomUUID()}.json`);
    let committed = false;
    try {
      // flush: fsync before close, so the rename below never publishes bytes still in the page cache.
      await pipeline(toNodeReadable(body), createWriteStream(tmpObject, { flush: true }));
      await writeFile(tmpMeta, JSON.stringify({ contentType } satisfies BlobMeta));
      await mkdir(path.dirname(objectPath(key)), { recursive: true });
      await mkdir(path.dirname(metaPath(key)), { recursive: true });
      await rename(tmpObject, objectPath(key));
      committed = true;
      await rename(tmpMeta, metaPath(key));
    } finally {
      await rm(tmpMeta, { force: true });
      if (!committed) await rm(tmpObject, { force: true });
    }
  }

  async function get(key: string, options: GetOptions = {}): Promise<StoredBlob | null> {
    assertValidKey(key);
    let handle;
    try {
      handle = await open(objectPath(key), "r");
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const meta = await readMeta(key);
      const range = options.range ? resolveRange(options.range, info.size) : undefined;
      // The stream owns the open handle from here and closes it when it ends or is cancelled.
      const stream = toWebStream(handle.createReadStream(range ?? {}));
      return { stream, contentType: meta.contentType, size: info.size, ...(range ? { range } : {}) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async function getBuffer(key: string): Promise<Buffer | null> {
    const blob = await get(key);
    return blob ? readStreamToBuffer(blob.stream) : null;
  }

  async function exists(key: string): Promise<boolean> {
    assertValidKey(key);
    try {
      return (await stat(objectPath(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async function remove(key: string): Promise<void> {
    assertValidKey(key);
    await rm(objectPath(key), { force: true });
    await rm(metaPath(key), { force: true });
  }

  async function list(prefix: string): Promise<BlobListEntry[]> {
    assertValidPrefix(prefix);
    // Only the folder holding the prefix needs walking; the rest of the name is matched as text.
    const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
    const start = folder ? inside(objectsDir, folder) : objectsDir;
    let names: string[];
    try {
      names = await readdir(start, { recursive: true });
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const entries: BlobListEntry[] = [];
    for (const name of names) {
      const key = folder ? `${folder}/${name.split(path.sep).join("/")}` : name.split(path.sep).join("/");
      if (!key.startsWith(prefix)) continue;
      const info = await stat(path.join(start, name));
      if (info.isFile()) entries.push({ key, size: info.size, uploadedAt: info.mtime });
    }
    return entries.sort((a, b) => a.key.localeCompare(b.key));
  }

  async function deletePrefix(prefix: string): Promise<void> {
    assertValidPrefix(prefix);
    if (prefix.endsWith("/")) {
      // A folder prefix: remove the folders themselves so no empty directories are left behind.
      const folder = prefix.slice(0, -1);
      if (await isDirectory(inside(objectsDir, folder))) {
        await rm(inside(objectsDir, folder), { recursive: true, force: true });
      }
      if (await isDirectory(inside(metaDir, folder))) {
        await rm(inside(metaDir, folder), { recursive: true, force: true });
      }
      return;
    }
    for (const entry of await list(prefix)) await remove(entry.key);
  }

  return { put, get, getBuffer, exists, delete: remove, deletePrefix, list };
}
