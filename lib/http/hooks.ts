import { v1RateLimitHook } from "@/lib/rate-limit/v1-rate-limit-hook";
import type { RouteHook } from "@/lib/contracts/contract";
import type { Surface } from "./error-response";

/**
 * Hooks every route of a surface runs, in order. The developer API's rate limiter belongs in `v1`:
 * it answers 429 by throwing and sets X-RateLimit-* on every response by returning headers.
 */
export const SURFACE_HOOKS: Record<Surface, readonly RouteHook[]> = {
  api: [],
  v1: [v1RateLimitHook],
};
