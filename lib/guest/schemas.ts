import { z } from "zod";

export const GuestSessionResponse = z
  .object({
    session_id: z
      .string()
      .describe("guest_<suffix>: send it as guest_session_id (form field or query) or the x-guest-session-id header."),
    max_files: z.number().int(),
    max_pages: z.number().int(),
    expires_at: z.string().datetime(),
    message: z.string(),
  })
  .meta({ id: "GuestSessionResponse", title: "Guest session" });

export const GuestLimitsResponse = z
  .object({
    session_id: z.string(),
    current_files: z.number().int(),
    current_pages: z.number().int(),
    max_files: z.number().int(),
    max_pages: z.number().int(),
    can_upload: z.boolean(),
    message: z.string(),
  })
  .meta({ id: "GuestLimitsResponse", title: "Guest limits" });

export const ClaimGuestBatchesRequest = z
  .object({ guest_session_id: z.string().min(1).max(200) })
  .strict()
  .meta({ id: "ClaimGuestBatchesRequest" });

export const ClaimGuestBatchesResponse = z
  .object({
    guest_session_id: z.string(),
    claimed_batches: z.array(z.string().uuid()),
    claimed_count: z.number().int(),
    message: z.string(),
  })
  .meta({ id: "ClaimGuestBatchesResponse" });
