import type { CloudConnection } from "@/lib/db/generated/client";
import type { z } from "zod";
import type { CloudConnectionResponse } from "./schemas";

/** A connection as clients see it: everything but the tokens. */
export function toCloudConnectionResponse(connection: CloudConnection): z.infer<typeof CloudConnectionResponse> {
  return {
    connection_id: connection.id,
    provider: connection.provider as z.infer<typeof CloudConnectionResponse>["provider"],
    account_email: connection.accountEmail,
    scopes: connection.scopes,
    status: connection.status as z.infer<typeof CloudConnectionResponse>["status"],
    expires_at: connection.expiresAt?.toISOString() ?? null,
    has_refresh_token: connection.refreshTokenEnc !== null,
    created_at: connection.createdAt.toISOString(),
    updated_at: connection.updatedAt.toISOString(),
  };
}
