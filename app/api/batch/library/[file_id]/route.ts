import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { deleteLibraryFile } from "@/lib/library/delete-library-file";
import { deleteLibraryFileRoute } from "@/lib/library/library.contract";
import { getBlobStore } from "@/lib/storage";

// DELETE /api/batch/library/{file_id} – delete a saved file
const remove = route(deleteLibraryFileRoute, async ({ caller, params }) =>
  deleteLibraryFile({ db: await getDb(), store: getBlobStore(), userId: caller.user.id, fileId: params.file_id }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(remove);
