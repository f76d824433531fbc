import { getDb } from "@/lib/db";
import { route, sendFile, serveRoutes } from "@/lib/http";
import { downloadLibraryFile } from "@/lib/library/download-library-file";
import { downloadLibraryFileRoute } from "@/lib/library/library.contract";
import { getBlobStore } from "@/lib/storage";

// GET /api/batch/library/{file_id}/download – the saved file as an attachment
const download = route(downloadLibraryFileRoute, async ({ caller, params }) =>
  sendFile(
    await downloadLibraryFile({
      db: await getDb(),
      store: getBlobStore(),
      userId: caller.user.id,
      fileId: params.file_id,
    }),
  ),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(download);
