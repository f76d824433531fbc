import { listDriveFilesRoute } from "@/lib/drive-import/drive.contract";
import { listDriveFiles } from "@/lib/drive-import/list-drive-files";
import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";

// GET /api/cloud/drive/files – a folder of the connected drive
const list = route(listDriveFilesRoute, async ({ caller, query }) =>
  listDriveFiles({
    db: await getDb(),
    userId: caller.user.id,
    connectionId: query.connection_id,
    folderId: query.folder_id,
    pageToken: query.page_token,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(list);
