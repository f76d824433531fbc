import { AppError, type InputLocation, type ValidationIssue } from "@/lib/errors/app-error";

// Input that every schema accepts but the layers below cannot hold: U+0000 (PostgreSQL text and
// jsonb refuse it, error 22021), JSON nested deep enough to overflow the stack of whatever walks it
// recursively, and file names longer than any file system keeps. Checked once, in the route kit,
// for every route: on the raw input before the caller is identified (a guest id in a form or path
// reaches the database there), and on the validated output (JSON inside form fields is parsed by
// the schemas).

export const MAX_JSON_DEPTH = 64;
export const MAX_FILE_NAME_LENGTH = 255;

/** How deep a parsed JSON value nests (a scalar is 0), walked without recursion; stops past `limit`. */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return deepest;
    for (const child of Object.values(current)) stack.push({ value: child, depth: depth + 1 });
  }
  return deepest;
}

/**
 * Problems with strings and file names anywhere in `value`: NUL characters and over-long file
 * names, each with its FastAPI location. Objects are walked without recursion, to `MAX_JSON_DEPTH`.
 */
export function unsafeInputIssues(value: unknown, location: InputLocation): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const stack: Array<{ value: unknown; path: (string | number)[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      if (current.includes("\u0000"))
        issues.push({
          loc: [location, ...path],
          msg: "must not contain NUL (U+0000) characters",
          type: "string_nul_character",
        });
    } else if (typeof File !== "undefined" && current instanceof File) {
      if (current.name.includes("\u0000"))
        issues.push({
          loc: [location, ...path],
          msg: "the file name must not contain NUL (U+0000) characters",
          type: "string_nul_character",
        });
      // The multipart parser turns bytes that are not UTF-8 into U+FFFD: the name was not UTF-8.
      else if (current.name.includes("\uFFFD"))
        issues.push({ loc: [location, ...path], msg: "the file name is not valid UTF-8", type: "string_unicode" });
      else if (current.name.length > MAX_FILE_NAME_LENGTH) {
        issues.push({
          loc: [location, ...path],
          msg: `the file name is ${current.name.length} characters long; at most ${MAX_FILE_NAME_LENGTH} are allowed`,
          type: "string_too_long",
        });
      }
    } else if (current !== null && typeof current === "object" && path.length <= MAX_JSON_DEPTH) {
      const entries = current instanceof Map ? [...current.entries()] : Object.entries(current);
      for (const [key, child] of entries) {
        const childPath = [...path, Array.isArray(current) ? Number(key) : String(key)];
        if (typeof key === "string" && key.includes("\u0000"))
          issues.push({
            loc: [location, ...childPath],
            msg: "a key must not contain NUL (U+0000) characters",
            type: "string_nul_character",
          });
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return issues;
}

/** Form or query values as an object (a repeated name as an array), for unsafeInputIssues. */
export function multiValues<V>(entries: Iterable<[string, V]>): Record<string, V | V[]> {
  const values: Record<string, V[]> = {};
  for (const [name, value] of entries) (values[name] ??= []).push(value);
  return Object.fromEntries(Object.entries(values).map(([name, list]) => [name, list.length === 1 ? list[0] : list]));
}

/** Throws one 422 listing every problem, as validation does. */
export function assertSafeInput(parts: Array<{ value: unknown; location: InputLocation }>): void {
  const issues = parts.flatMap((part) => unsafeInputIssues(part.value, part.location));
  if (issues.length === 0) return;
  const first = issues[0];
  throw new AppError(
    "validation_error",
    `${first.loc.join(".")}: ${first.msg}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ""}`,
    { issues },
  );
}
