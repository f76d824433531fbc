import type { Db } from "@/lib/db";
import { AppError } from "@/lib/errors/app-error";
import { hashPassword } from "./password";
import { checkPasswordPolicy } from "./password-policy";
import { requireCurrentPassword } from "./require-current-password";

/** Replaces the password after re-checking the current one, and revokes every earlier access token. */
export async function changePassword(input: { db: Db; userId: string; currentPassword: string; newPassword: string }) {
  const { db } = input;
  const user = await requireCurrentPassword({ db, userId: input.userId, password: input.currentPassword });
  const problem = checkPasswordPolicy(input.newPassword, user.email);
  if (problem)
    throw new AppError("validation_error", undefined, {
      issues: [{ loc: ["body", "new_password"], msg: problem, type: "value_error" }],
    });
  if (input.newPassword === input.currentPassword) {
    throw new AppError("validation_error", undefined, {
      issues: [
        { loc: ["body", "new_password"], msg: "New password must differ from the current one", type: "value_error" },
      ],
    });
  }
  return db.user.update({
    where: { id: user.id },
    data: { passwordHash: await hashPassword(input.newPassword), tokenVersion: { increment: 1 } },
  });
}
