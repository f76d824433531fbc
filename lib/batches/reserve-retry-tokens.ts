import type { Db } from "@/lib/db";
import type { Prisma } from "@/lib/db/generated/client";
import { reserveTokens } from "@/lib/usage/reserve-tokens";

/**
 * Before a retry re-queues a user's documents: reserves the tokens of the pages each still lacks
 * (pages never read or failed), under the user's row lock like an upload, and records them on the
 * documents. Throws insufficient_tokens (402) and reserves nothing when the balance cannot cover them.
 */
export async function reserveRetryTokens(options: {
  db: Db;
  userId: string;
  batchId: string;
  where: Prisma.BatchDocumentWhereInput;
  tokensPerPage: number;
}): Promise<void> {
  const { db } = options;
  const documents = await db.batchDocument.findMany({
    where: { ...options.where, batchId: options.batchId },
    select: { id: true, pagesTotal: true, _count: { select: { pages: { where: { status: "completed" } } } } },
  });
  const reservations = documents.map((document) => ({
    id: document.id,
    tokens: Math.max((document.pagesTotal ?? 1) - document._count.pages, 0) * options.tokensPerPage,
  }));
  const total = reservations.reduce((sum, reservation) => sum + reservation.tokens, 0);
  if (total === 0) return;
  await db.$transaction(async (tx) => {
    await reserveTokens({ db: tx, userId: options.userId, tokens: total });
    for (const reservation of reservations) {
      await tx.batchDocument.update({ where: { id: reservation.id }, data: { tokensReserved: reservation.tokens } });
    }
  });
}
