import type { z } from "zod";
import type { Db } from "@/lib/db";
import type { BatchOwner } from "./batch-owner";
import { getBatchOrThrow } from "./get-batch-or-throw";
import type { RenameBatchResponse } from "./request-schemas";
import { invalidateBatchStatus } from "./status-cache";

/** Gives the owner's batch a new name; an empty or blank name removes it (the list then shows when it was uploaded). */
export async function renameBatch(input: {
  db: Db;
  owner: BatchOwner;
  batchId: string;
  batchName: string | null;
}): Promise<z.infer<typeof RenameBatchResponse>> {
  const { db, owner } = input;
  const batch = await getBatchOrThrow({ db, owner, batchId: input.batchId });
  const name = input.batchName?.trim() || null;
  await db.batch.update({ where: { id: batch.id }, data: { name } });
  invalidateBatchStatus(batch.id);
  return {
    batch_id: batch.id,
    batch_name: name,
    message: name ? `Renamed the batch to “${name}”.` : "Removed the batch's name.",
  };
}
