// The route kit: every app/api and app/v1 route.ts is built from these.
export {
  defineRoute,
  type HttpMethod,
  type ResponseSpec,
  type RouteContract,
  type RouteHook,
} from "@/lib/contracts/contract";
export { route, type HandlerContext, type NextRouteHandler } from "./route";
export { serveRoutes, notFoundRoutes } from "./serve-routes";
export { AppError, ERROR_STATUS, type ErrorCode, type ValidationIssue } from "@/lib/errors/app-error";
export { renderError, type Surface } from "./error-response";
export { createEventStream, createUIMessageEventStream } from "./sse";
export { sendFile } from "./send-file";
export type { AuthMode, Caller, CallerUser, GuestCaller, UserCaller } from "@/lib/contracts/caller";
