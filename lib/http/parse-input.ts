import { z } from "zod";
import { AppError, zodIssues, type InputLocation, type ValidationIssue } from "@/lib/errors/app-error";
import { unsafeInputIssues } from "./input-safety";
import type { RawJson } from "./read-body";

/** Raw request values before validation. */
export interface RawInput {
  params: Record<string, unknown>;
  searchParams: URLSearchParams;
  json?: RawJson;
  form?: FormData;
}

export interface InputSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  form?: z.ZodType;
}

export interface ParsedInput {
  params: unknown;
  query: unknown;
  body: unknown;
  form: unknown;
}

/**
 * Validates every declared input and reports all problems at once, as FastAPI does: one 422 whose
 * issues carry path/query/body locations.
 */
export function validateInput(schemas: InputSchemas, raw: RawInput): ParsedInput {
  const issues: ValidationIssue[] = [];
  const check = (schema: z.ZodType | undefined, value: unknown, location: InputLocation): unknown => {
    if (!schema) return undefined;
    const result = schema.safeParse(value, { reportInput: true });
    if (result.success) return result.data;
    issues.push(...zodIssues(result.error, location));
    return undefined;
  };

  const params = check(schemas.params, raw.params, "path");
  const query = check(
    schemas.query,
    schemas.query ? searchParamsToObject(raw.searchParams, schemas.query) : undefined,
    "query",
  );
  let body: unknown;
  if (schemas.body && raw.json && !raw.json.ok) {
    issues.push({ loc: ["body"], msg: raw.json.message, type: raw.json.type });
  } else {
    body = check(schemas.body, raw.json?.ok ? raw.json.value : undefined, "body");
  }
  const form = check(
    schemas.form,
    schemas.form && raw.form ? formDataToObject(raw.form, schemas.form) : undefined,
    "body",
  );
  // JSON inside form fields is parsed by the schemas: its strings are checked once parsed.
  if (issues.length === 0) issues.push(...unsafeInputIssues(body, "body"), ...unsafeInputIssues(form, "body"));

  if (issues.length > 0) throw new AppError("validation_error", describeIssues(issues), { issues });
  return { params, query, body, form };
}

function describeIssues(issues: ValidationIssue[]): string {
  const first = issues[0];
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : "";
  return `${first.loc.join(".")}: ${first.msg}${more}`;
}

/** Query parameters as an object; a key the schema declares as an array always yields an array. */
export function searchParamsToObject(
  searchParams: URLSearchParams,
  schema: z.ZodType,
): Record<string, string | string[]> {
  const arrayKeys = arrayFieldNames(schema);
  const result: Record<string, string | string[]> = {};
  for (const key of new Set(searchParams.keys())) {
    const values = searchParams.getAll(key);
    result[key] = arrayKeys.has(key) || values.length > 1 ? values : values[0];
  }
  return result;
}

/**
 * Form fields as an object: strings stay strings (schemas coerce with z.coerce / z.stringbool), files
 * stay File objects, and a field the schema declares as an array always yields an array. An empty
 * file part (a file input left empty by a browser) counts as absent.
 */
export function formDataToObject(
  form: FormData,
  schema: z.ZodType,
): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const arrayKeys = arrayFieldNames(schema);
  const result: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const key of new Set(form.keys())) {
    const values = form
      .getAll(key)
      .filter((value) => !(typeof value !== "string" && value.name === "" && value.size === 0));
    if (values.length === 0) continue;
    result[key] = arrayKeys.has(key) || values.length > 1 ? values : values[0];
  }
  return result;
}

function arrayFieldNames(schema: z.ZodType): Set<string> {
  const object = unwrap(schema);
  if (!(object instanceof z.ZodObject)) return new Set();
  const names = new Set<string>();
  for (const [key, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
    if (unwrap(field) instanceof z.ZodArray) names.add(key);
  }
  return names;
}

/** The schema under optional/nullable/default/pipe wrappers. */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let depth = 0; depth < 16; depth++) {
    const def = current.def as { innerType?: z.ZodType; in?: z.ZodType };
    const inner = def.innerType ?? def.in;
    if (!inner) return current;
    current = inner;
  }
  return current;
}
