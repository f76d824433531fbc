import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { deleteExtractionSchema } from "@/lib/studio/extraction-schemas";
import { deleteExtractionSchemaRoute } from "@/lib/studio/playground.contract";

// DELETE /api/extraction-schemas/{schema_id} – remove a saved schema
const remove = route(deleteExtractionSchemaRoute, async ({ caller, params }) =>
  deleteExtractionSchema({ db: await getDb(), userId: caller.user.id, schemaId: params.schema_id }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(remove);
