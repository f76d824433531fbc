import { Prisma } from "./generated/client";

/** Prisma's P2002: an insert met a row with the same unique key (another request won the race). */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}
