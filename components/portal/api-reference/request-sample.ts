// What an example request to an operation sends, read from its OpenAPI request body: the form fields of
// a multipart body, or a JSON body with a placeholder for each required property.

type Json = Record<string, unknown>;

export type RequestSample =
  { kind: "form"; fields: { name: string; file: boolean; required: boolean }[] } | { kind: "json"; body: unknown };

function resolve(document: Json, schema: unknown): Json {
  const json = (schema ?? {}) as Json;
  if (typeof json.$ref !== "string") return json;
  const name = json.$ref.split("/").at(-1) ?? "";
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  return schemas[name] ?? {};
}

function isFile(schema: Json): boolean {
  const item = schema.type === "array" ? ((schema.items ?? {}) as Json) : schema;
  return item.format === "binary" || item.contentEncoding === "binary";
}

/** A value shaped like the schema: its example or default when it has one, else a placeholder of its type. */
function placeholder(document: Json, schema: unknown, depth = 0): unknown {
  const json = resolve(document, schema);
  if (json.examples && Array.isArray(json.examples)) return json.examples[0];
  if (json.default !== undefined) return json.default;
  if (Array.isArray(json.enum)) return json.enum[0];
  const variants = (json.anyOf ?? json.oneOf) as unknown[] | undefined;
  if (variants)
    return placeholder(
      document,
      variants.find((variant) => (variant as Json).type !== "null"),
      depth,
    );
  switch (json.type) {
    case "object":
      return depth > 2 ? {} : requiredObject(document, json, depth + 1);
    case "array":
      return [];
    case "integer":
    case "number":
      return 0;
    case "boolean":
      return false;
    default:
      return "…";
  }
}

function requiredObject(document: Json, schema: Json, depth: number): Json {
  const required = (schema.required as string[] | undefined) ?? [];
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  return Object.fromEntries(required.map((name) => [name, placeholder(document, properties[name], depth)]));
}

export function requestSample(document: Json, contentType: string, schema: unknown): RequestSample | undefined {
  const json = resolve(document, schema);
  if (contentType === "multipart/form-data" || contentType === "application/x-www-form-urlencoded") {
    const required = new Set((json.required as string[] | undefined) ?? []);
    const properties = (json.properties ?? {}) as Record<string, Json>;
    return {
      kind: "form",
      fields: Object.entries(properties).map(([name, property]) => ({
        name,
        file: isFile(property),
        required: required.has(name),
      })),
    };
  }
  if (contentType.includes("json")) return { kind: "json", body: placeholder(document, json) };
  return undefined;
}
