import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import { buildOpenApiDocument } from "./build-document";
import { listRouteContracts } from "./contracts";

type Doc = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, { operationId: string }>>;
  components: { schemas: Record<string, unknown> };
};

const document = buildOpenApiDocument(listRouteContracts()) as unknown as Doc;

function collectRefs(value: unknown, refs: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => collectRefs(item, refs));
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") refs.push(inner);
      else collectRefs(inner, refs);
    }
  }
  return refs;
}

function resolvePointer(root: unknown, ref: string): unknown {
  return ref
    .slice(2)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>(
      (node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
      root,
    );
}

/** Paths served by app/**\/route.ts, in OpenAPI form; catch-alls and Inngest's endpoint are not API operations. */
function appRoutePaths(dir = path.resolve("app"), prefix = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry.startsWith("[...") || entry.startsWith("[[...")) continue;
      const segment = /^\(.*\)$/.test(entry) ? "" : `/${entry.replace(/^\[(.+)\]$/, "{$1}")}`;
      found.push(...appRoutePaths(full, prefix + segment));
    } else if (/^route\.tsx?$/.test(entry) && prefix !== "/api/inngest") {
      found.push(prefix);
    }
  }
  return found;
}

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe("3.1.0");
    expect(document.info).toMatchObject({ title: "docsvc", version: "0.1.0" });
  });

  it("resolves every $ref", () => {
    const refs = collectRefs(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(resolvePointer(document, ref), ref).toBeDefined();
  });

  it("has unique operationIds", () => {
    const ids = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("documents every route the app serves", () => {
    const missing = appRoutePaths().filter((servedPath) => !document.paths[servedPath]);
    expect(missing).toEqual([]);
  });

  it("gives schemas that share a spec name distinct component ids with the same title", () => {
    const base = { method: "GET", surface: "api", auth: "user", tags: [], summary: "x" } as const;
    const AuthUser = z
      .object({ id: z.string(), email: z.string() })
      .meta({ id: "AuthUserResponseTest", title: "UserResponse" });
    const UsersUser = z
      .object({ id: z.string(), is_active: z.boolean() })
      .meta({ id: "UsersUserResponseTest", title: "UserResponse" });
    const doc = buildOpenApiDocument([
      defineRoute({ ...base, path: "/a", operationId: "a", responses: { 200: AuthUser } }),
      defineRoute({ ...base, path: "/b", operationId: "b", responses: { 200: UsersUser } }),
    ]) as unknown as Doc;
    expect(doc.components.schemas.AuthUserResponseTest).toMatchObject({ title: "UserResponse" });
    expect(doc.components.schemas.UsersUserResponseTest).toMatchObject({ title: "UserResponse" });
  });

  it("turns params, query, JSON bodies and forms into parameters and request bodies", () => {
    const doc = buildOpenApiDocument([
      defineRoute({
        method: "POST",
        path: "/api/batch/{batch_id}/x",
        surface: "api",
        auth: "user_or_guest",
        operationId: "x",
        summary: "x",
        tags: [],
        params: z.object({ batch_id: z.string() }),
        query: z.object({ limit: z.coerce.number().int().default(50).describe("Page size") }),
        form: z.object({ files: z.array(z.file()), guest_session_id: z.string().optional() }),
        responses: { 200: z.object({ ok: z.boolean() }) },
      }),
    ]) as unknown as { paths: Record<string, { post: Record<string, unknown> }> };
    const operation = doc.paths["/api/batch/{batch_id}/x"].post;
    expect(operation.parameters).toEqual([
      { name: "batch_id", in: "path", required: true, schema: { type: "string" } },
      {
        name: "limit",
        in: "query",
        required: false,
        description: "Page size",
        schema: expect.objectContaining({ type: "integer", default: 50 }),
      },
    ]);
    expect(operation.requestBody).toMatchObject({
      content: { "multipart/form-data": { schema: { properties: { files: { type: "array" } } } } },
    });
    expect(Object.keys(operation.responses as object).sort()).toEqual(["200", "401", "422"]);
  });
});
