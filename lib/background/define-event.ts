import type { z } from "zod";

/** Event payloads are JSON objects; no transforms, so what is sent is what the handler receives. */
export type EventSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export interface EventDefinition<TName extends string = string, TSchema extends EventSchema = EventSchema> {
  name: TName;
  schema: TSchema;
}

/** A named event with its zod payload schema, shared by senders (dispatch) and listeners. */
export function defineEvent<TName extends string, TSchema extends EventSchema>(
  name: TName,
  schema: TSchema,
): EventDefinition<TName, TSchema> {
  return { name, schema };
}
