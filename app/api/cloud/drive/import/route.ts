import { importDriveFilesRoute } from "@/lib/drive-import/drive.contract";
import { importDriveFiles } from "@/lib/drive-import/import-drive-files";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { getBlobStore } from "@/lib/storage";

// POST /api/cloud/drive/import – chosen drive files become a batch
const importFiles = route(importDriveFilesRoute, async ({ caller, body }) =>
  importDriveFiles({
    db: await getDb(),
    store: getBlobStore(),
    userId: caller.user.id,
    tier: caller.user.tier,
    connectionId: body.connection_id,
    fileIds: body.file_ids,
    batchName: body.batch_name,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(importFiles);
