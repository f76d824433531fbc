import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { saveGeneratedFileRoute } from "@/lib/library/library.contract";
import { saveGeneratedFile } from "@/lib/library/save-generated-file";
import { getBlobStore } from "@/lib/storage";

// POST /api/batch/save-generated-file – keep a generated file in the library, or read it as a new batch
const save = route(saveGeneratedFileRoute, async ({ caller, body }) =>
  saveGeneratedFile({
    db: await getDb(),
    store: getBlobStore(),
    userId: caller.user.id,
    tier: caller.user.tier,
    request: body,
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(save);
