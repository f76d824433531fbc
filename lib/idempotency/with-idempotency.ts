import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";

/** How long a stored answer is replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
// responseStatus of a claimed record whose request is still running.
const IN_PROGRESS = 0;
const POLL_MS = 100;
// A claim this old belongs to a request whose process died; it is taken over rather than blocking the key.
const ABANDONED_CLAIM_MS = 10 * 60 * 1000;

export interface IdempotentAnswer {
  status: number;
  body: Prisma.InputJsonValue;
}

export interface IdempotencyRequest {
  userId: string;
  /** The Idempotency-Key header. */
  key: string;
  /** Hash of what the request asks for (see hashIdempotentRequest). */
  requestHash: string;
}

export interface IdempotencyOptions {
  /** How long a duplicate waits for the first request to finish before answering 409. */
  waitMs?: number;
  now?: () => Date;
}

/**
 * Runs `produce` once per user and Idempotency-Key: a repeat with the same request within 24 h gets
 * the stored answer (replayed: true) without running it again; a repeat with a different request is
 * refused (422); a duplicate arriving while the first still runs waits for its answer. The unique
 * (userId, key) row is claimed before producing, so of concurrent duplicates exactly one produces.
 * When produce throws, the claim is released and nothing is stored: the client may retry.
 */
export async function withIdempotency({
  db,
  request,
  produce,
  ...options
}: {
  db: Db;
  request: IdempotencyRequest;
  produce: () => Promise<IdempotentAnswer>;
} & IdempotencyOptions): Promise<IdempotentAnswer & { replayed: boolean }> {
  assertValidKey(request.key);
  const now = options.now ?? (() => new Date());
  const waitUntil = Date.now() + (options.waitMs ?? 30_000);

  for (;;) {
    const claimId = randomUUID();
    const { count } = await db.idempotencyRecord.createMany({
      data: [
        {
          id: claimId,
          userId: request.userId,
          key: request.key,
          requestHash: request.requestHash,
          responseStatus: IN_PROGRESS,
          responseBody: {},
          createdAt: now(),
        },
      ],
      skipDuplicates: true,
    });
    if (count === 1) return { ...(await produceAndStore(db, claimId, produce)), replayed: false };

    const existing = await db.idempotencyRecord.findUnique({
      where: { userId_key: { userId: request.userId, key: request.key } },
    });
    if (!existing) continue; // the first request failed and released its claim: take it
    const age = now().getTime() - existing.createdAt.getTime();
    if (age >= IDEMPOTENCY_TTL_MS || (existing.responseStatus === IN_PROGRESS && age >= ABANDONED_CLAIM_MS)) {
      await db.idempotencyRecord.deleteMany({ where: { id: existing.id } });
      continue;
    }
    if (existing.requestHash !== request.requestHash) {
      throw new AppError(
        "idempotency_key_reused",
        "This Idempotency-Key was already used with a different request; use a new key for a new request.",
      );
    }
    if (existing.responseStatus !== IN_PROGRESS) {
      return { status: existing.responseStatus, body: existing.responseBody as Prisma.InputJsonValue, replayed: true };
    }
    if (Date.now() >= waitUntil) {
      throw new AppError("conflict", "A request with this Idempotency-Key is still being processed; retry later.", {
        headers: { "Retry-After": "1" },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function produceAndStore(
  db: Db,
  claimId: string,
  produce: () => Promise<IdempotentAnswer>,
): Promise<IdempotentAnswer> {
  let answer: IdempotentAnswer;
  try {
    answer = await produce();
  } catch (error) {
    await db.idempotencyRecord.deleteMany({ where: { id: claimId } });
    throw error;
  }
  await db.idempotencyRecord.update({
    where: { id: claimId },
    data: { responseStatus: answer.status, responseBody: answer.body },
  });
  return answer;
}

function assertValidKey(key: string): void {
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw new AppError(
      "bad_request",
      `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters.`,
    );
  }
}
