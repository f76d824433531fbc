import type { Db } from "@/lib/db";
import { hashIdempotentRequest, withIdempotency } from "@/lib/idempotency";
import type { FillAnswer } from "./start-fill-job";

/**
 * Answers a fill request, with Idempotency-Key support as POST /v1/extract has: the same key and
 * request within 24 h replay the first 202 (Idempotent-Replayed: true) without a second job.
 * `form` is the request's validated parameters rebuilt in a fixed order, for the request hash.
 */
export async function answerFillRequest(db: Db, input: { userId: string; path: string; idempotencyKey: string | null; form: FormData; submit: () => Promise<FillAnswer> }): Promise<Response> {
  if (input.idempotencyKey === null) {
    const answer = await input.submit();
    return Response.json(answer.body, { status: answer.status });
  }
  const requestHash = await hashIdempotentRequest({ method: "POST", path: input.path, form: input.form });
  const answer = await withIdempotency(db, { userId: input.userId, key: input.idempotencyKey, requestHash }, input.submit);
  return Response.json(answer.body, { status: answer.status, headers: answer.replayed ? { "Idempotent-Replayed": "true" } : {} });
}

/** Validated parameters as FormData in a fixed order: files by part, other values as JSON text. */
export function canonicalFillForm(parameters: Record<string, unknown>): FormData {
  const data = new FormData();
  for (const name of Object.keys(parameters).sort()) {
    const value = parameters[name];
    const values = Array.isArray(value) && value.every((entry) => entry instanceof File) ? value : [value];
    for (const entry of values) data.append(name, entry instanceof File ? entry : JSON.stringify(entry ?? null));
  }
  return data;
}
