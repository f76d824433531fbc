import type { z } from "zod";
import type { ResponseSpec, RouteContract } from "@/lib/contracts/contract";
import { ComponentCollector, type JsonSchema } from "./json-schema-components";
import { DeveloperErrorSchema, HTTPErrorSchema, HTTPValidationErrorSchema } from "@/lib/contracts/error-schemas";
import { SECURITY_SCHEMES, securityFor } from "./security";
import { API_VERSION } from "@/lib/contracts/api-version";

export const API_TITLE = "docsvc";

type Operation = Record<string, unknown>;

/** The OpenAPI 3.1 document for the given route contracts. */
export function buildOpenApiDocument(contracts: readonly RouteContract[]): Record<string, unknown> {
  const components = new ComponentCollector();
  const responsesByContract = contracts.map((contract) => documentResponses(contract, components));

  const paths: Record<string, Record<string, Operation>> = {};
  const operationIds = new Set<string>();
  contracts.forEach((contract, index) => {
    if (operationIds.has(contract.operationId)) throw new Error(`Duplicate operationId ${contract.operationId}`);
    operationIds.add(contract.operationId);
    const item = (paths[contract.path] ??= {});
    const method = contract.method.toLowerCase();
    if (item[method]) throw new Error(`${contract.method} ${contract.path} is declared twice`);
    item[method] = {
      operationId: contract.operationId,
      summary: contract.summary,
      ...(contract.description ? { description: contract.description } : {}),
      tags: contract.tags,
      ...withSecurity(contract),
      ...withParameters(contract, components),
      ...withRequestBody(contract, components),
      responses: responsesByContract[index],
    };
  });

  return {
    openapi: "3.1.0",
    info: {
      title: API_TITLE,
      version: API_VERSION,
      description:
        "Document processing: OCR with bounding boxes, structured extraction, form filling. " +
        "/api is the application API (FastAPI-style errors: {detail}); /v1 is the developer API " +
        "(API keys only, errors as {error:{code,message}}, X-RateLimit-* headers on every response).",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    paths,
    components: { schemas: sortKeys(components.schemas), securitySchemes: SECURITY_SCHEMES },
  };
}

function withSecurity(contract: RouteContract): Operation {
  const security = securityFor(contract.auth, contract.surface);
  return security ? { security } : {};
}

function withParameters(contract: RouteContract, components: ComponentCollector): Operation {
  const parameters = [
    ...parametersFrom(contract.params, "path", components),
    ...parametersFrom(contract.query, "query", components),
  ];
  return parameters.length > 0 ? { parameters } : {};
}

function parametersFrom(
  schema: z.ZodType | undefined,
  location: "path" | "query",
  components: ComponentCollector,
): Operation[] {
  if (!schema) return [];
  const json = resolveRef(components.convert(schema, "input"), components);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === "path" || required.has(name),
    ...(typeof property.description === "string" ? { description: property.description } : {}),
    schema: property,
  }));
}

function withRequestBody(contract: RouteContract, components: ComponentCollector): Operation {
  if (contract.body) {
    const required = !contract.body.safeParse(undefined).success;
    return {
      requestBody: {
        required,
        content: {
          "application/json": {
            schema: components.convert(contract.body, "input"),
            ...(contract.bodyExamples ? { examples: contract.bodyExamples } : {}),
          },
        },
      },
    };
  }
  if (contract.form) {
    const mediaType = contract.formContentType ?? "multipart/form-data";
    return {
      requestBody: { required: true, content: { [mediaType]: { schema: components.convert(contract.form, "input") } } },
    };
  }
  return {};
}

function documentResponses(contract: RouteContract, components: ComponentCollector): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(contract.responses)) {
    if (spec) responses[status] = documentResponse(spec, components);
  }
  const errorSchema = contract.surface === "api" ? HTTPErrorSchema : DeveloperErrorSchema;
  const validationSchema = contract.surface === "api" ? HTTPValidationErrorSchema : DeveloperErrorSchema;
  const takesInput = contract.params || contract.query || contract.body || contract.form;
  if (takesInput && !responses["422"])
    responses["422"] = errorResponse("Validation Error", validationSchema, components);
  if (contract.auth !== "none" && contract.auth !== "optional" && !responses["401"]) {
    responses["401"] = errorResponse("Missing or invalid credentials", errorSchema, components);
  }
  return responses;
}

function documentResponse(spec: ResponseSpec, components: ComponentCollector): Record<string, unknown> {
  if (isZodSchema(spec)) {
    return {
      description: spec.description ?? "Successful Response",
      content: { "application/json": { schema: components.convert(spec, "output") } },
    };
  }
  const contentType = spec.contentType ?? "application/json";
  const schema = spec.schema
    ? components.convert(spec.schema, "output")
    : contentType === "application/json"
      ? {}
      : { type: "string", contentMediaType: contentType };
  // A documented example sits beside the schema (OpenAPI media type `example`), so the portal shows it.
  return {
    description: spec.description,
    content: { [contentType]: { schema, ...(spec.example === undefined ? {} : { example: spec.example }) } },
  };
}

function errorResponse(
  description: string,
  schema: z.ZodType,
  components: ComponentCollector,
): Record<string, unknown> {
  return { description, content: { "application/json": { schema: components.convert(schema, "output") } } };
}

function isZodSchema(spec: ResponseSpec): spec is z.ZodType {
  return typeof (spec as { safeParse?: unknown }).safeParse === "function";
}

function resolveRef(schema: JsonSchema, components: ComponentCollector): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== "string") return schema;
  return components.schemas[ref.slice("#/components/schemas/".length)] ?? schema;
}

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
