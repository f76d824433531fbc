import { randomUUID } from "node:crypto";
import { type AppEventData, type AppEventName, findEventDefinition } from "./events";
import { getExecutor } from "./app-executor";
import { getInngestSender } from "./inngest-sender";
import { getJobMode } from "./job-mode";
import { parseEventData } from "./parse-event-data";

/**
 * Starts background work: validates the payload against the event's schema, then sends the event
 * to Inngest or to the in-process executor. `id` makes the send idempotent (same id, one run).
 * Returns the event ids.
 */
export async function dispatch<TName extends AppEventName>(
  name: TName,
  data: AppEventData<TName>,
  options: { id?: string } = {},
): Promise<{ ids: string[] }> {
  const definition = findEventDefinition(name);
  if (!definition) throw new Error(`Unknown event ${name}: add it to lib/background/events.ts`);
  const payload = parseEventData(name, definition.schema, data);
  if (getJobMode() === "inngest") {
    const send = getInngestSender();
    const { ids } = await send({ name, data: payload, ...(options.id ? { id: options.id } : {}) });
    return { ids };
  }
  const id = options.id ?? randomUUID();
  await (await getExecutor()).enqueue({ name, data: payload, id });
  return { ids: [id] };
}
