import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { listExtractionSchemas, saveExtractionSchema } from "@/lib/studio/extraction-schemas";
import { listExtractionSchemasRoute, saveExtractionSchemaRoute } from "@/lib/studio/playground.contract";

// GET /api/extraction-schemas – the playground's saved schemas
const list = route(listExtractionSchemasRoute, async ({ caller }) =>
  listExtractionSchemas({ db: await getDb(), userId: caller.user.id }),
);

// POST /api/extraction-schemas – save a schema under its name
const save = route(saveExtractionSchemaRoute, async ({ caller, body }) =>
  saveExtractionSchema({ db: await getDb(), userId: caller.user.id, body }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(list, save);
