import { describe, expect, it } from "vitest";
import { getOpenApiDocument } from "@/lib/openapi/get-openapi-document";
import { listOperationsByTag, listSchemas, schemaLabel } from "./read-openapi";

describe("schemaLabel", () => {
  it("names references, arrays, unions and plain types", () => {
    expect(schemaLabel({ $ref: "#/components/schemas/TokenResponse" })).toBe("TokenResponse");
    expect(schemaLabel({ type: "array", items: { $ref: "#/components/schemas/APIKeyResponse" } })).toBe(
      "APIKeyResponse[]",
    );
    expect(schemaLabel({ anyOf: [{ type: "string" }, { type: "null" }] })).toBe("string | null");
    expect(schemaLabel({ type: "string", format: "date-time" })).toBe("string (date-time)");
    expect(schemaLabel({ enum: ["json", "csv"] })).toBe('"json" | "csv"');
    expect(schemaLabel(undefined)).toBe("any");
  });
});

describe("the app's own OpenAPI document", () => {
  const document = getOpenApiDocument();

  it("lists every operation once, grouped by tag", () => {
    const groups = listOperationsByTag(document);
    const operations = groups.flatMap((group) => group.operations);
    const pathCount = Object.values(document.paths as Record<string, object>).reduce(
      (sum, item) => sum + Object.keys(item).length,
      0,
    );
    expect(operations).toHaveLength(pathCount);
    const createKey = operations.find((operation) => operation.id === "usersCreateApiKey");
    expect(createKey).toMatchObject({
      method: "POST",
      path: "/api/users/me/api-keys",
      requestBody: { contentType: "application/json", schema: "CreateAPIKeyRequest", required: true },
    });
    expect(createKey?.responses).toContainEqual({
      status: "200",
      description: "Successful Response",
      schema: "APIKeyCreatedResponse",
    });
    expect(groups.find((group) => group.operations.includes(createKey!))?.tag).toBe("Users");
  });

  it("lists path parameters and component schemas with their properties", () => {
    const operations = listOperationsByTag(document).flatMap((group) => group.operations);
    const revoke = operations.find((operation) => operation.id === "usersDeactivateApiKey");
    expect(revoke?.parameters).toContainEqual(
      expect.objectContaining({ name: "key_id", location: "path", required: true }),
    );
    const tokenResponse = listSchemas(document).find((schema) => schema.name === "TokenResponse");
    expect(tokenResponse?.properties.map((property) => property.name)).toEqual([
      "access_token",
      "token_type",
      "expires_in",
      "user",
    ]);
  });
});
