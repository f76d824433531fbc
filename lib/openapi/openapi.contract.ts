import { defineRoute } from "@/lib/contracts/contract";

export const openApiDocumentRoute = defineRoute({
  method: "GET",
  path: "/openapi.json",
  surface: "api",
  auth: "none",
  operationId: "openapiDocument",
  summary: "This OpenAPI 3.1 document",
  tags: ["Health and diagnostics"],
  responses: { 200: { description: "The OpenAPI document.", contentType: "application/json" } },
});
