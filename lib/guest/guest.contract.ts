import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import {
  ClaimGuestBatchesRequest,
  ClaimGuestBatchesResponse,
  GuestLimitsResponse,
  GuestSessionResponse,
} from "./schemas";

const tags = ["Guest mode"];

export const createGuestSessionRoute = defineRoute({
  method: "GET",
  path: "/api/batch/guest-session",
  surface: "api",
  auth: "none",
  operationId: "batchGuestSession",
  summary: "Start a guest session (no account)",
  description:
    "Guests upload 1 file of at most 46 pages per session, and read its status, results and history with the session id. Sessions last 7 days. " +
    "At most 3 new sessions per client address per 24 hours (429 with Retry-After). A guest who signs up keeps the batch with POST /api/batch/claim.",
  tags,
  responses: {
    200: GuestSessionResponse,
    429: { description: "Three guest sessions were already created from this address today." },
  },
});

export const getGuestLimitsRoute = defineRoute({
  method: "GET",
  path: "/api/batch/guest-limits/{session_id}",
  surface: "api",
  auth: "none",
  operationId: "batchGuestLimits",
  summary: "What a guest session has used and may still upload",
  tags,
  params: z.object({ session_id: z.string() }),
  responses: { 200: GuestLimitsResponse, 404: { description: "Unknown guest session." } },
});

export const claimGuestBatchesRoute = defineRoute({
  method: "POST",
  path: "/api/batch/claim",
  surface: "api",
  auth: "user",
  operationId: "batchClaimGuestSession",
  summary: "Move a guest session's batches to the signed-in account",
  description:
    "After signing up, send the guest_session_id used as a guest: its batches (documents, pages, edits, images) become the account's, and the " +
    "guest session no longer opens them. Claiming again answers the same; a session claimed by another account, or expired (7 days) unclaimed, " +
    "answers 404: the daily cleanup deletes expired sessions with their batches.",
  tags,
  body: ClaimGuestBatchesRequest,
  responses: {
    200: ClaimGuestBatchesResponse,
    404: { description: "Unknown or expired guest session, or claimed by another account." },
  },
});
