import { ownerOf } from "@/lib/batches/batch-owner";
import { deleteBatchRoute, renameBatchRoute } from "@/lib/batches/batch.contract";
import { deleteBatch } from "@/lib/batches/delete-batch";
import { renameBatch } from "@/lib/batches/rename-batch";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { getBlobStore } from "@/lib/storage";

// DELETE /api/batch/{batch_id} – remove the batch, its documents, pages and files
const remove = route(deleteBatchRoute, async ({ caller, params }) =>
  deleteBatch({ db: await getDb(), store: getBlobStore(), owner: ownerOf(caller), batchId: params.batch_id }),
);

// PATCH /api/batch/{batch_id} – rename the batch
const rename = route(renameBatchRoute, async ({ caller, params, body }) =>
  renameBatch({ db: await getDb(), owner: ownerOf(caller), batchId: params.batch_id, batchName: body.batch_name }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(remove, rename);
