import { assertValidKey } from "@/lib/storage";

/** `library/{userId}/{fileId}` — one saved file; the name lives in the row, so no user text reaches the key. */
export function libraryFileKey(userId: string, fileId: string): string {
  const key = `library/${userId}/${fileId}`;
  assertValidKey(key);
  return key;
}
