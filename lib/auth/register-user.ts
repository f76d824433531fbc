import type { Db } from "@/lib/db";
import { Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors/app-error";
import { normalizeEmail } from "./email-address";
import { hashPassword } from "./password";
import { checkPasswordPolicy } from "./password-policy";
import { assertNotThrottled, recordThrottleFailure, registerThrottleKeys } from "./throttle";

export interface RegisterUserInput {
  db: Db;
  email: string;
  password: string;
  name?: string;
  /** Set when the address was already proven (an accepted invitation). */
  emailVerified?: boolean;
  /** The client's address: answering 409 tells whether an address has an account, so 409s are throttled per address. */
  clientAddress?: string;
  now?: Date;
}

/**
 * Creates an account with a password; 409 when the address is taken, 422-style 400 on a weak password,
 * 429 once the client address has had too many 409s (so it cannot list who is registered quickly).
 */
export async function registerUser(input: RegisterUserInput) {
  const { db } = input;
  const email = normalizeEmail(input.email);
  const throttle = registerThrottleKeys(input.clientAddress);
  await assertNotThrottled({ db, keys: throttle, now: input.now });
  const problem = checkPasswordPolicy(input.password, email);
  if (problem)
    throw new AppError("validation_error", undefined, {
      issues: [{ loc: ["body", "password"], msg: problem, type: "value_error" }],
    });

  if (await db.user.findUnique({ where: { email }, select: { id: true } })) {
    await recordThrottleFailure({ db, keys: throttle, now: input.now });
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
      await recordThrottleFailure({ db, keys: throttle, now: input.now });
      throw new AppError("conflict", "An account with this email already exists");
    }
    throw error;
  }
}
