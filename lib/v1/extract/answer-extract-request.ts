import type { Db } from "@/lib/db";
import { hashIdempotentRequest, withIdempotency } from "@/lib/idempotency";
import type { ExtractForm } from "./extract-form";
import { submitExtraction, type SubmitExtractionInput } from "./submit-extraction";

/**
 * POST /v1/extract with Idempotency-Key support: the same key and request within 24 h answers the
 * first answer again (Idempotent-Replayed: true) and starts no second job; the same key with a
 * different request is 422 idempotency_key_reused.
 */
export async function answerExtractRequest(db: Db, input: SubmitExtractionInput & { idempotencyKey: string | null }): Promise<Response> {
  const { idempotencyKey, ...submission } = input;
  if (idempotencyKey === null) {
    const answer = await submitExtraction(db, submission);
    return Response.json(answer.body, { status: answer.status });
  }
  const requestHash = await hashIdempotentRequest({ method: "POST", path: "/v1/extract", form: canonicalForm(submission.form) });
  const answer = await withIdempotency(db, { userId: submission.userId, key: idempotencyKey, requestHash }, () => submitExtraction(db, submission));
  return Response.json(answer.body, { status: answer.status, headers: answer.replayed ? { "Idempotent-Replayed": "true" } : {} });
}

// The validated form rebuilt in a fixed order, so a retry hashes the same whatever its part order
// or multipart boundary.
function canonicalForm(form: ExtractForm): FormData {
  const data = new FormData();
  for (const file of [...(form.file ?? []), ...(form.files ?? [])]) data.append("file", file);
  if (form.schema) data.append("schema", JSON.stringify(form.schema));
  data.append("model", form.model ?? "");
  data.append("detail", String(form.detail));
  data.append("webhook_url", form.webhook_url ?? "");
  data.append("output_format", form.output_format);
  return data;
}
