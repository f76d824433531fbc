import { getDb } from "@/lib/db";
import { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/http/errors";
import { normalizeEmail } from "./email-address";
import { hashPassword } from "./password";
import { checkPasswordPolicy } from "./password-policy";

export interface RegisterUserInput {
  email: string;
  password: string;
  name?: string;
  /** Set when the address was already proven (an accepted invitation). */
  emailVerified?: boolean;
}

/** Creates an account with a password; 409 when the address is taken, 422-style 400 on a weak password. */
export async function registerUser(input: RegisterUserInput) {
  const email = normalizeEmail(input.email);
  const problem = checkPasswordPolicy(input.password, email);
  if (problem) throw new AppError("validation_error", undefined, { issues: [{ loc: ["body", "password"], msg: problem, type: "value_error" }] });

  const db = await getDb();
  if (await db.user.findUnique({ where: { email }, select: { id: true } })) {
    throw new AppError("conflict", "An account with this email already exists");
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.user.create({
      data: { email, passwordHash, name: input.name ?? null, emailVerifiedAt: input.emailVerified ? new Date() : null },
    });
  } catch (error) {
    // Two registrations racing past the check above: the unique index decides.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError("conflict", "An account with this email already exists");
    }
    throw error;
  }
}
