import type { Prisma } from "@/lib/db/generated/client";
import type { GuestCaller, UserCaller } from "@/lib/contracts/caller";

/** Who a batch belongs to: a signed-in user or a guest session, never both. */
export type BatchOwner = { userId: string } | { guestSessionId: string };

export function ownerOf(caller: UserCaller | GuestCaller): BatchOwner {
  return caller.kind === "user" ? { userId: caller.user.id } : { guestSessionId: caller.guestSessionId };
}

/** The Prisma filter that restricts batches to the owner; every batch query goes through it. */
export function batchOwnerWhere(owner: BatchOwner): Prisma.BatchWhereInput {
  return "userId" in owner ? { userId: owner.userId } : { guestSessionId: owner.guestSessionId, userId: null };
}

export function ownsBatch(owner: BatchOwner, batch: { userId: string | null; guestSessionId: string | null }): boolean {
  return "userId" in owner
    ? batch.userId === owner.userId
    : batch.userId === null && batch.guestSessionId === owner.guestSessionId;
}
