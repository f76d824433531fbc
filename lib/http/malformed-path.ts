import { AppError } from "@/lib/errors/app-error";
import { renderError } from "./error-response";

/**
 * A JSON 400 for a path whose percent-encoding does not decode (`/v1/jobs/%ff`), in the surface's
 * error shape; undefined for a well-formed path. Next.js fails to decode such a path before any
 * route handler runs and answers a plain-text 500, so this runs in the proxy, ahead of routing.
 */
export function refuseMalformedPath(url: URL): Response | undefined {
  const segments = url.pathname.split("/");
  const malformed = segments.find((segment) => {
    try {
      decodeURIComponent(segment);
      return false;
    } catch {
      return true;
    }
  });
  if (malformed === undefined) return undefined;
  const surface = url.pathname.startsWith("/v1/") ? "v1" : "api";
  return renderError(
    surface,
    new AppError(
      "bad_request",
      `The path segment "${malformed.slice(0, 100)}" is not valid percent-encoding (UTF-8 bytes as %XX)`,
    ),
  );
}
