import { z } from "zod";

export type JsonSchema = Record<string, unknown>;

/**
 * Turns zod schemas into JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) and collects every
 * schema that carries a `.meta({ id })` as a component, referenced as #/components/schemas/<id>.
 * Request schemas are converted as input (defaults optional) and responses as output; when the two
 * differ for one id, the form converted second gets a suffix (`<id>Input`); the document builder
 * converts responses first so the response keeps the plain name.
 */
export class ComponentCollector {
  readonly schemas: Record<string, JsonSchema> = {};
  // Each component as zod emitted it (refs still #/$defs/…), to tell equal definitions from clashes.
  private readonly emitted = new Map<string, string>();

  convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    // Wrapping makes a schema with an id come out as a $ref, like any nested one.
    const wrapped = z.toJSONSchema(z.object({ root: schema }), {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
    }) as unknown as {
      properties: { root: JsonSchema };
      $defs?: Record<string, JsonSchema>;
    };
    const defs = wrapped.$defs ?? {};
    const names = new Map<string, string>();
    for (const [id, definition] of Object.entries(defs)) names.set(id, this.nameFor(id, definition, io));
    const rewrite = (value: unknown) => rewriteRefs(value, names);
    for (const [id, definition] of Object.entries(defs))
      this.schemas[names.get(id)!] = rewrite(definition) as JsonSchema;
    return rewrite(wrapped.properties.root) as JsonSchema;
  }

  private nameFor(id: string, definition: JsonSchema, io: "input" | "output"): string {
    const text = JSON.stringify(definition);
    const candidates = [id, io === "input" ? `${id}Input` : `${id}Output`];
    for (const name of candidates) {
      const existing = this.emitted.get(name);
      if (existing === undefined) {
        this.emitted.set(name, text);
        return name;
      }
      if (existing === text) return name;
    }
    throw new Error(`Two different schemas use the OpenAPI component id "${id}"; give one of them another id`);
  }
}

function rewriteRefs(value: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, names));
  if (value === null || typeof value !== "object") return value;
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === "$ref" && typeof inner === "string" && inner.startsWith("#/$defs/")) {
      const id = decodeURIComponent(inner.slice("#/$defs/".length));
      result[key] = `#/components/schemas/${names.get(id) ?? id}`;
    } else {
      result[key] = rewriteRefs(inner, names);
    }
  }
  return result;
}
