import { z } from "zod";
import type { Db } from "@/lib/db";
import { isUuid } from "@/lib/batches/get-batch-or-throw";
import { AppError } from "@/lib/errors/app-error";

const MAX_SCHEMAS = 100;

export const SchemaFieldItem = z
  .object({
    name: z.string().trim().min(1, "A field needs a name").max(200),
    type: z.enum(["string", "number", "date"], { error: "A field's type is string, number or date" }),
  })
  .meta({ id: "PlaygroundSchemaField" });

export const SaveExtractionSchemaBody = z
  .object({
    name: z.string().trim().min(1, "Give the schema a name").max(120),
    fields: z
      .array(SchemaFieldItem)
      .min(1, "A schema lists at least one field")
      .max(100, "A schema lists at most 100 fields")
      .refine((fields) => new Set(fields.map((field) => field.name)).size === fields.length, {
        message: "Two fields have the same name",
      }),
  })
  .meta({ id: "SaveExtractionSchemaRequest" });
export type SaveExtractionSchemaBody = z.output<typeof SaveExtractionSchemaBody>;

export const ExtractionSchemaResponse = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    fields: z.array(SchemaFieldItem),
    updated_at: z.string().datetime(),
  })
  .meta({ id: "ExtractionSchema" });
export type ExtractionSchemaResponse = z.infer<typeof ExtractionSchemaResponse>;

function toResponse(row: { id: string; name: string; fields: unknown; updatedAt: Date }): ExtractionSchemaResponse {
  return {
    id: row.id,
    name: row.name,
    fields: z.array(SchemaFieldItem).parse(row.fields),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The person's saved schemas, most recently changed first. */
export async function listExtractionSchemas(options: { db: Db; userId: string }) {
  const rows = await options.db.extractionSchema.findMany({
    where: { userId: options.userId },
    orderBy: { updatedAt: "desc" },
  });
  return { schemas: rows.map(toResponse) };
}

/** Saves a schema under its name: the same name replaces the earlier fields. */
export async function saveExtractionSchema(options: {
  db: Db;
  userId: string;
  body: SaveExtractionSchemaBody;
}): Promise<ExtractionSchemaResponse> {
  const { db, userId, body } = options;
  const existing = await db.extractionSchema.findUnique({ where: { userId_name: { userId, name: body.name } } });
  if (!existing && (await db.extractionSchema.count({ where: { userId } })) >= MAX_SCHEMAS)
    throw new AppError("conflict", `You can keep ${MAX_SCHEMAS} schemas; delete one to save another.`);
  const row = await db.extractionSchema.upsert({
    where: { userId_name: { userId, name: body.name } },
    create: { userId, name: body.name, fields: body.fields },
    update: { fields: body.fields },
  });
  return toResponse(row);
}

/** Deletes one of the person's schemas; another person's id answers 404. */
export async function deleteExtractionSchema(options: { db: Db; userId: string; schemaId: string }) {
  const { db, userId, schemaId } = options;
  const deleted = isUuid(schemaId)
    ? await db.extractionSchema.deleteMany({ where: { id: schemaId, userId } })
    : { count: 0 };
  if (deleted.count === 0) throw new AppError("not_found", `Schema ${schemaId} not found`);
  return { deleted: true };
}
