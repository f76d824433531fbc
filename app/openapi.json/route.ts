import { route, serveRoutes } from "@/lib/http";
import { getOpenApiDocument } from "@/lib/openapi/get-openapi-document";
import { openApiDocumentRoute } from "@/lib/openapi/openapi.contract";

// GET /openapi.json – the OpenAPI 3.1 document built from the route contracts
const getDocument = route(openApiDocumentRoute, async () => getOpenApiDocument());

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = serveRoutes(getDocument);
