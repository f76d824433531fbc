import type { z } from "zod";
import { toAuthUser, type UserRecord } from "@/lib/auth/to-auth-user";
import type { UsersUserResponse } from "./schemas";

/** The users-area UserResponse of a user row. */
export function toUsersUserResponse(user: UserRecord): z.infer<typeof UsersUserResponse> {
  // Same fields as the auth area's user, named as the users area's spec names them.
  const { id, ...profile } = toAuthUser(user);
  return { user_id: id, ...profile, is_active: true };
}
