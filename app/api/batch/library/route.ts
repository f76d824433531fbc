import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { listLibraryRoute } from "@/lib/library/library.contract";
import { listLibraryFiles } from "@/lib/library/list-library-files";

// GET /api/batch/library – the caller's saved files, newest first
const list = route(listLibraryRoute, async ({ caller, query }) =>
  listLibraryFiles({ db: await getDb(), userId: caller.user.id, ...query }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(list);
