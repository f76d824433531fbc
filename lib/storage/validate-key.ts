import { StorageKeyError } from "./storage-key-error";

const MAX_KEY_LENGTH = 512;
const MAX_SEGMENT_LENGTH = 200;
// Letters, digits, dot, underscore and hyphen: safe on every filesystem and in a URL path unescaped.
const SEGMENT_PATTERN = /^[A-Za-z0-9._-]+$/;

function checkSegments(original: string, path: string): void {
  for (const segment of path.split("/")) {
    if (segment === "") throw new StorageKeyError(original, "empty path segment");
    if (/^\.+$/.test(segment)) throw new StorageKeyError(original, `"${segment}" segment`);
    if (segment.length > MAX_SEGMENT_LENGTH) throw new StorageKeyError(original, "segment too long");
    if (!SEGMENT_PATTERN.test(segment)) {
      throw new StorageKeyError(original, "only letters, digits, '.', '_', '-' and '/' are allowed");
    }
  }
}

function checkCommon(value: unknown): asserts value is string {
  if (typeof value !== "string") throw new StorageKeyError(String(value), "not a string");
  if (value.length === 0) throw new StorageKeyError(value, "empty");
  if (value.length > MAX_KEY_LENGTH) throw new StorageKeyError(value, `longer than ${MAX_KEY_LENGTH} characters`);
  // The explicit checks give clearer messages than the charset test alone.
  if (value.includes("\0")) throw new StorageKeyError(value, "contains NUL");
  if (value.includes("\\")) throw new StorageKeyError(value, "contains a backslash");
  if (value.startsWith("/")) throw new StorageKeyError(value, "absolute path");
}

/** Throws StorageKeyError unless `key` is a relative, normalised path of safe segments. */
export function assertValidKey(key: unknown): asserts key is string {
  checkCommon(key);
  checkSegments(key, key);
}

/** Like assertValidKey, but a trailing "/" is allowed (a prefix names a folder or a key start). */
export function assertValidPrefix(prefix: unknown): asserts prefix is string {
  checkCommon(prefix);
  checkSegments(prefix, prefix.endsWith("/") ? prefix.slice(0, -1) : prefix);
}
