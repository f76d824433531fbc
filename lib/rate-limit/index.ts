export { consumeRateLimit, RATE_LIMIT_WINDOW_MS, type ConsumeRateLimitOptions } from "./consume-rate-limit";
export { createDatabaseRateLimitStore } from "./database-store";
export { createRedisRateLimitStore, connectRedis } from "./redis-store";
export { getRateLimitStore } from "./get-rate-limit-store";
export { rateLimitHeaders } from "./rate-limit-headers";
export { createV1RateLimitHook, v1RateLimitHook } from "./v1-rate-limit-hook";
export type { RateLimitResult, RateLimitStore } from "./types";
