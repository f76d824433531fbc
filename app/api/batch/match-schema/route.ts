import { getDb } from "@/lib/db";
import { route, serveRoutes } from "@/lib/http";
import { matchSchema } from "@/lib/match-schema/match-schema";
import { matchSchemaRoute } from "@/lib/match-schema/match-schema.contract";

// POST /api/batch/match-schema – every schema field's value in a text or a stored document
const match = route(matchSchemaRoute, async ({ caller, body }) =>
  matchSchema({ db: await getDb(), caller, request: body }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(match);
