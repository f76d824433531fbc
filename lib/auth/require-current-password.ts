import type { DbTransaction } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { verifyPassword } from "./password";

/**
 * Re-authentication for sensitive changes: 401 when the account has a password and it does not
 * match. Accounts that only sign in through the identity provider have none to re-enter.
 */
export async function requireCurrentPassword(options: {
  db: Pick<DbTransaction, "user">;
  userId: string;
  password: string | undefined;
}) {
  const { db, userId, password } = options;
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, omit: { passwordHash: false } });
  if (!user.passwordHash)
    throw new AppError("bad_request", "This account has no password; sign in with the identity provider");
  if (password === undefined || !(await verifyPassword(password, user.passwordHash))) {
    throw new AppError("unauthorized", "Current password is incorrect");
  }
  return user;
}
