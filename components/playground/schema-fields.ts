export type FieldType = "string" | "number" | "date";
export interface SchemaField {
  name: string;
  type: FieldType;
}

const TYPES: readonly FieldType[] = ["string", "number", "date"];

/** Moves the field at `index` one place up (-1) or down (+1); out of range leaves the list as it is. */
export function moveField(fields: SchemaField[], index: number, step: -1 | 1): SchemaField[] {
  const target = index + step;
  if (index < 0 || index >= fields.length || target < 0 || target >= fields.length) return fields;
  const next = [...fields];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** What is wrong with the schema before it is sent, in a person's words; undefined when it is fine. */
export function schemaProblem(fields: SchemaField[]): string | undefined {
  if (fields.length === 0) return "Add at least one field.";
  const names = fields.map((field) => field.name.trim());
  const blank = names.findIndex((name) => name === "");
  if (blank >= 0) return `Field ${blank + 1} needs a name.`;
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate) return `Two fields are called "${duplicate}".`;
  return undefined;
}

/** The API's schema JSON ([{name, type}]) read back, or the reason it cannot be. */
export function parseSchemaJson(text: string): { fields?: SchemaField[]; error?: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: 'That is not JSON. Paste an array such as [{"name":"total","type":"number"}].' };
  }
  if (!Array.isArray(parsed))
    return { error: 'The schema is a JSON array such as [{"name":"total","type":"number"}].' };
  const fields: SchemaField[] = [];
  for (const [index, item] of parsed.entries()) {
    const name = typeof item === "object" && item !== null ? (item as { name?: unknown }).name : undefined;
    const type =
      typeof item === "object" && item !== null ? ((item as { type?: unknown }).type ?? "string") : undefined;
    if (typeof name !== "string" || !TYPES.includes(type as FieldType))
      return { error: `Item ${index + 1} needs a name and a type of string, number or date.` };
    fields.push({ name, type: type as FieldType });
  }
  const problem = schemaProblem(fields);
  return problem ? { error: problem } : { fields };
}
