// The route kit: every app/api and app/v1 route.ts is built from these.
export { defineRoute, type HttpMethod, type ResponseSpec, type RouteContract, type RouteHook } from "./contract";
export { route, type HandlerContext, type NextRouteHandler } from "./route";
export { serveRoutes, notFoundRoutes } from "./serve-routes";
export { AppError, ERROR_STATUS, type ErrorCode, type ValidationIssue } from "./errors";
export { renderError, type Surface } from "./error-response";
export { createEventStream, type SendEvent } from "./sse";
export type { AuthMode, Caller, CallerUser, GuestCaller, UserCaller } from "./caller/types";
