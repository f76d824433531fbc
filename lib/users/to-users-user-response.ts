import type { z } from "zod";
import type { UserRecord } from "@/lib/auth/to-auth-user";
import type { UsersUserResponse } from "./schemas";

/** The users-area UserResponse of a user row. */
export function toUsersUserResponse(user: UserRecord): z.infer<typeof UsersUserResponse> {
  return {
    user_id: user.id,
    email: user.email,
    name: user.name,
    tier: user.tier,
    email_verified: user.emailVerifiedAt !== null,
    is_active: true,
    created_at: user.createdAt.toISOString(),
  };
}
