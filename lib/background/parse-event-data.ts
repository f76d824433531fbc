import type { EventSchema } from "./define-event";
import { EventValidationError } from "./errors";

/** The payload as the schema parses it, or an EventValidationError listing every issue. */
export function parseEventData(eventName: string, schema: EventSchema, data: unknown): Record<string, unknown> {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  throw new EventValidationError(
    eventName,
    parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message })),
  );
}
