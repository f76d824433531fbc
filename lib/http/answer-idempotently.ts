import { getDb } from "@/lib/db";
import { hashIdempotentRequest } from "@/lib/idempotency/hash-idempotent-request";
import { type IdempotentAnswer, withIdempotency } from "@/lib/idempotency/with-idempotency";
import type { Caller } from "@/lib/contracts/caller";
import type { RouteContract } from "@/lib/contracts/contract";

/**
 * The route kit's Idempotency-Key support for contracts that declare `idempotency`: the same key and
 * request within 24 h answer the first answer again (Idempotent-Replayed: true) without running the
 * handler; the same key with a different request is 422 idempotency_key_reused. Without the header the
 * handler simply runs. The handler returns { status, body }.
 */
export async function answerIdempotently(options: {
  req: Request;
  contract: RouteContract & { idempotency: NonNullable<RouteContract["idempotency"]> };
  caller: Caller;
  form: unknown;
  produce: () => Promise<IdempotentAnswer>;
}): Promise<Response> {
  const { req, contract, caller, produce } = options;
  const key = req.headers.get("idempotency-key");
  if (key === null || caller.kind !== "user") {
    const answer = await produce();
    return Response.json(answer.body, { status: answer.status });
  }
  const canonical = contract.idempotency.canonicalForm(options.form as never);
  const requestHash = await hashIdempotentRequest({ method: contract.method, path: contract.path, form: canonical });
  const answer = await withIdempotency({
    db: await getDb(),
    request: { userId: caller.user.id, key, requestHash },
    produce,
  });
  return Response.json(answer.body, {
    status: answer.status,
    headers: answer.replayed ? { "Idempotent-Replayed": "true" } : {},
  });
}
