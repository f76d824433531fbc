export {
  withIdempotency,
  IDEMPOTENCY_TTL_MS,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  type IdempotentAnswer,
  type IdempotencyRequest,
  type IdempotencyOptions,
} from "./with-idempotency";
export { hashIdempotentRequest, type IdempotentRequestParts } from "./hash-idempotent-request";
