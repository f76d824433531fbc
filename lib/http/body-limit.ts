import { GUEST_MAX_FILE_SIZE_BYTES } from "@/lib/upload-limits/guest-limits";
import { tierLimits } from "@/lib/tiers";
import type { Caller } from "@/lib/contracts/caller";
import type { RouteContract } from "@/lib/contracts/contract";
import { formatBytes } from "@/lib/text/format-bytes";
import { DEFAULT_FORM_LIMIT_BYTES, DEFAULT_JSON_LIMIT_BYTES } from "./read-body";

/** How large a request body may be for this caller, and how to say so when it is larger. */
export interface BodyLimit {
  bytes: number;
  /** Ends the 413 message: what this caller may send. */
  explain: string;
}

// Multipart overhead (boundaries, part headers, other fields) allowed on top of a guest's one file.
const formOverheadBytes = 1024 * 1024;

/**
 * The body limit for a caller of a route, checked against Content-Length before a byte is read.
 * Uploads name the caller's own limit: a tier's per-file size, or a guest's single file. A form
 * route open to guests, called with no credentials in its headers, can only be a guest upload
 * (the session id is a form field), so the guest's limit applies before the form is read.
 */
export function bodyLimitFor(contract: RouteContract, caller: Caller | undefined): BodyLimit {
  const routeBytes = contract.maxBodyBytes ?? (contract.form ? DEFAULT_FORM_LIMIT_BYTES : DEFAULT_JSON_LIMIT_BYTES);
  const perRequest = `at most ${formatBytes(routeBytes)} per request`;
  if (!contract.form) return { bytes: routeBytes, explain: perRequest };
  if (caller?.kind === "user") {
    const tier = tierLimits(caller.user.tier);
    return {
      bytes: routeBytes,
      explain: `${perRequest}, in files of at most ${formatBytes(tier.maxFileSizeBytes)} each on the ${tier.name} tier`,
    };
  }
  if (contract.auth === "user_or_guest" && (caller === undefined || caller.kind === "guest")) {
    return {
      bytes: Math.min(routeBytes, GUEST_MAX_FILE_SIZE_BYTES + formOverheadBytes),
      explain: `a guest uploads one file of at most ${formatBytes(GUEST_MAX_FILE_SIZE_BYTES)}`,
    };
  }
  return { bytes: routeBytes, explain: perRequest };
}
