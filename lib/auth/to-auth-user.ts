import type { AuthUser } from "./schemas";

export interface UserRecord {
  id: string;
  email: string;
  name: string | null;
  tier: AuthUser["tier"];
  emailVerifiedAt: Date | null;
  createdAt: Date;
}

/** The public shape of a user row (no secrets). */
export function toAuthUser(user: UserRecord): AuthUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    tier: user.tier,
    email_verified: user.emailVerifiedAt !== null,
    created_at: user.createdAt.toISOString(),
  };
}
