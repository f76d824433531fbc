// Turns the OpenAPI document into what the reference page lists: operations grouped by tag, and
// schema names instead of raw JSON Schema.

import { requestSample, type RequestSample } from "./request-sample";

type Json = Record<string, unknown>;

export interface ReferenceParameter {
  name: string;
  location: string;
  required: boolean;
  type: string;
  description?: string;
}

export interface ReferenceResponse {
  status: string;
  description: string;
  schema?: string;
  /** The documented example body, when the operation has one. */
  example?: unknown;
}

export interface ReferenceOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  authentication: string[];
  parameters: ReferenceParameter[];
  requestBody?: { contentType: string; schema: string; required: boolean };
  /** What an example request sends (form fields or a JSON body with placeholders). */
  requestSample?: RequestSample;
  responses: ReferenceResponse[];
}

export interface ReferenceSchemaProperty {
  name: string;
  type: string;
  required: boolean;
  description?: string;
}

export interface ReferenceSchema {
  name: string;
  title?: string;
  description?: string;
  properties: ReferenceSchemaProperty[];
}

const METHOD_ORDER = ["get", "post", "put", "patch", "delete"];

/** Operations grouped by their first tag, tags in order of first appearance, paths sorted within. */
export function listOperationsByTag(document: Json): { tag: string; operations: ReferenceOperation[] }[] {
  const groups = new Map<string, ReferenceOperation[]>();
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHOD_ORDER) {
      const operation = item[method];
      if (!operation) continue;
      const tag = ((operation.tags as string[] | undefined) ?? [])[0] ?? "Other";
      const list = groups.get(tag) ?? [];
      list.push(toOperation(document, path, method, operation));
      groups.set(tag, list);
    }
  }
  // The developer API (/v1) first: it is what most readers come for.
  const developerFirst = [...groups.entries()].sort(
    ([, a], [, b]) => Number(isDeveloperApi(b)) - Number(isDeveloperApi(a)),
  );
  return developerFirst.map(([tag, operations]) => ({
    tag,
    operations: operations.sort(
      (a, b) => a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
    ),
  }));
}

/** The component schemas with their top-level properties, by name. */
export function listSchemas(document: Json): ReferenceSchema[] {
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  return Object.entries(schemas).map(([name, schema]) => {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const properties = (schema.properties ?? {}) as Record<string, Json>;
    return {
      name,
      title: typeof schema.title === "string" && schema.title !== name ? schema.title : undefined,
      description: typeof schema.description === "string" ? schema.description : undefined,
      properties: Object.entries(properties).map(([property, value]) => ({
        name: property,
        type: schemaLabel(value),
        required: required.has(property),
        description: typeof value.description === "string" ? value.description : undefined,
      })),
    };
  });
}

/** A short name for a JSON Schema: the component name of a $ref, `Name[]` for arrays, else its type. */
export function schemaLabel(schema: unknown): string {
  if (typeof schema !== "object" || schema === null) return "any";
  const json = schema as Json;
  if (typeof json.$ref === "string") return json.$ref.split("/").at(-1) ?? json.$ref;
  if (json.type === "array") return `${schemaLabel(json.items)}[]`;
  for (const combiner of ["anyOf", "oneOf"] as const) {
    if (Array.isArray(json[combiner])) return (json[combiner] as unknown[]).map(schemaLabel).join(" | ");
  }
  if (Array.isArray(json.enum)) return json.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (json.const !== undefined) return JSON.stringify(json.const);
  if (Array.isArray(json.type)) return json.type.join(" | ");
  if (typeof json.type === "string") {
    const format =
      typeof json.format === "string"
        ? ` (${json.format})`
        : typeof json.contentMediaType === "string"
          ? ` (${json.contentMediaType})`
          : "";
    return `${json.type}${format}`;
  }
  return "any";
}

function isDeveloperApi(operations: ReferenceOperation[]): boolean {
  return operations.some((operation) => operation.path.startsWith("/v1/"));
}

function toOperation(document: Json, path: string, method: string, operation: Json): ReferenceOperation {
  const parameters = ((operation.parameters as Json[] | undefined) ?? []).map((parameter) => ({
    name: String(parameter.name),
    location: String(parameter.in),
    required: parameter.required === true,
    type: schemaLabel(parameter.schema),
    description: typeof parameter.description === "string" ? parameter.description : undefined,
  }));
  const body = operation.requestBody as Json | undefined;
  const [contentType, media] = Object.entries((body?.content ?? {}) as Record<string, Json>)[0] ?? [];
  const responses = Object.entries((operation.responses ?? {}) as Record<string, Json>).map(([status, response]) => {
    const [, responseMedia] = Object.entries((response.content ?? {}) as Record<string, Json>)[0] ?? [];
    return {
      status,
      description: String(response.description ?? ""),
      schema: responseMedia ? schemaLabel(responseMedia.schema) : undefined,
      example: responseMedia?.example,
    };
  });
  const security = (operation.security as Record<string, unknown>[] | undefined) ?? [];
  return {
    id: String(operation.operationId ?? `${method}-${path}`),
    method: method.toUpperCase(),
    path,
    summary: String(operation.summary ?? ""),
    description: typeof operation.description === "string" ? operation.description : undefined,
    authentication: security.flatMap((requirement) => Object.keys(requirement)),
    parameters,
    requestBody:
      contentType && media
        ? { contentType, schema: schemaLabel(media.schema), required: body?.required === true }
        : undefined,
    requestSample: contentType && media ? requestSample(document, contentType, media.schema) : undefined,
    responses,
  };
}
