import { createHash } from "node:crypto";

export interface IdempotentRequestParts {
  method: string;
  /** The path without the query, e.g. /v1/extract. */
  path: string;
  /** A JSON body, already parsed. */
  json?: unknown;
  /** A multipart or urlencoded body, already parsed. */
  form?: FormData;
}

/**
 * A hash of what a request asks for, to tell a retry from a different request under the same key.
 * Multipart bodies are hashed by their fields and file contents, not their bytes: a client's random
 * boundary differs between a request and its retry.
 */
export async function hashIdempotentRequest(parts: IdempotentRequestParts): Promise<string> {
  const hash = createHash("sha256");
  hash.update(`${parts.method.toUpperCase()} ${parts.path}\n`);
  if (parts.json !== undefined) hash.update(`json:${stableJson(parts.json)}\n`);
  if (parts.form) {
    for (const [name, value] of parts.form.entries()) {
      if (typeof value === "string") {
        hash.update(`field:${JSON.stringify(name)}=${JSON.stringify(value)}\n`);
      } else {
        const digest = createHash("sha256")
          .update(new Uint8Array(await value.arrayBuffer()))
          .digest("hex");
        hash.update(`file:${JSON.stringify(name)}=${JSON.stringify(value.name)};${value.type};${digest}\n`);
      }
    }
  }
  return hash.digest("hex");
}

// Key order does not change a JSON request's meaning, so it must not change its hash.
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
