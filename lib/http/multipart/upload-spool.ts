import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** A request's folder for the files of its form, made when the first file arrives and removed after the answer. */
export interface UploadSpool {
  /** A new file's path in the folder (the folder is made on first use). */
  nextPath(): Promise<string>;
  /** Removes the folder and its files; the Files read from them cannot be read after. */
  remove(): Promise<void>;
}

/**
 * Uploaded files are written here rather than kept in memory: their File objects read from disk
 * when a handler asks for the bytes (`fs.openAsBlob`). They live as long as the request's handler:
 * one that needs a file after it answers (none does) must copy it first.
 */
export function uploadSpool(): UploadSpool {
  let folder: Promise<string> | undefined;
  let count = 0;
  return {
    async nextPath() {
      folder ??= mkdtemp(path.join(os.tmpdir(), "docsvc-upload-"));
      return path.join(await folder, `part-${++count}`);
    },
    async remove() {
      if (!folder) return;
      const made = await folder.catch(() => undefined);
      folder = undefined;
      if (made) await rm(made, { recursive: true, force: true });
    },
  };
}
