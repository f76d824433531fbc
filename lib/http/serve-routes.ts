import type { HttpMethod } from "@/lib/contracts/contract";
import { AppError } from "@/lib/errors/app-error";
import { renderError, type Surface } from "./error-response";
import { withRequestLog } from "./log-request";
import type { NextRouteHandler } from "./route";

const METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

export type RouteModuleExports = Record<HttpMethod | "OPTIONS", NextRouteHandler>;

/**
 * The exports of a route.ts file: the given handlers under their methods, and a JSON 405 (with Allow)
 * for every other method. Next.js would answer a missing method with an empty 405 and list every
 * exported method in OPTIONS, so both are defined here.
 *
 *   export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(getThing, updateThing);
 */
export function serveRoutes(...handlers: NextRouteHandler[]): RouteModuleExports {
  const byMethod = new Map<HttpMethod, NextRouteHandler>();
  let surface: Surface | undefined;
  for (const handler of handlers) {
    const contract = handler.contract;
    if (!contract) throw new Error("serveRoutes takes handlers made by route()");
    if (byMethod.has(contract.method)) throw new Error(`${contract.method} ${contract.path} is served twice`);
    if (surface && surface !== contract.surface) throw new Error(`${contract.path} mixes the api and v1 surfaces`);
    surface = contract.surface;
    byMethod.set(contract.method, handler);
  }
  if (!surface) throw new Error("serveRoutes needs at least one handler");

  const allow = [...byMethod.keys(), ...(byMethod.has("GET") ? ["HEAD"] : []), "OPTIONS"].sort().join(", ");
  const notAllowed = methodNotAllowedHandler(surface, allow);
  const exports = Object.fromEntries(METHODS.map((method) => [method, byMethod.get(method) ?? notAllowed])) as Record<
    HttpMethod,
    NextRouteHandler
  >;
  const options = withRequestLog(async () => new Response(null, { status: 204, headers: { Allow: allow } }));
  return { ...exports, OPTIONS: options };
}

function methodNotAllowedHandler(surface: Surface, allow: string): NextRouteHandler {
  return withRequestLog(async () =>
    renderError(surface, new AppError("method_not_allowed", undefined, { headers: { Allow: allow } })),
  );
}

/** Exports for a catch-all route.ts: every method answers 404 in the surface's shape. */
export function notFoundRoutes(surface: Surface): RouteModuleExports {
  const notFound: NextRouteHandler = withRequestLog(async () =>
    renderError(surface, new AppError("not_found", "Not Found")),
  );
  return { GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound, OPTIONS: notFound };
}
