import { ownerOf } from "@/lib/batches/batch-owner";
import { uploadBatchRoute } from "@/lib/batches/batch.contract";
import { uploadBatch } from "@/lib/batches/upload-batch";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { getBlobStore } from "@/lib/storage";

// POST /api/batch/upload – store files as a batch and start processing them
const upload = route(uploadBatchRoute, async ({ caller, form }) =>
  uploadBatch({
    db: await getDb(),
    store: getBlobStore(),
    owner: ownerOf(caller),
    tier: caller.kind === "user" ? caller.user.tier : undefined,
    files: form.files,
    batchName: form.batch_name,
    skipProcessing: form.skip_processing,
    processingMode: form.processing_mode,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(upload);
