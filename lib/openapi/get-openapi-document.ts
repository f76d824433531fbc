import { buildOpenApiDocument } from "./build-document";
import { listRouteContracts } from "./contracts";

let cached: Record<string, unknown> | undefined;

/** The OpenAPI document of every route the app serves, built once per process. */
export function getOpenApiDocument(): Record<string, unknown> {
  cached ??= buildOpenApiDocument(listRouteContracts());
  return cached;
}
