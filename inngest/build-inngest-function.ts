import { eventType, type Inngest, type TimeStr } from "inngest";
import type { AnyFunctionDefinition, JobStep, OutgoingEvent } from "@/lib/background/define-function";
import { parseEventData } from "@/lib/background/parse-event-data";
import { findEventDefinition } from "@/lib/background/events";

type InngestStep = Parameters<Parameters<Inngest["createFunction"]>[1]>[0]["step"];
type Retries = NonNullable<Parameters<Inngest["createFunction"]>[0]["retries"]>;

function validateOutgoing(event: OutgoingEvent): OutgoingEvent {
  const definition = findEventDefinition(event.name);
  if (!definition) throw new Error(`Unknown event ${event.name}: add it to lib/background/events.ts`);
  return { ...event, data: parseEventData(event.name, definition.schema, event.data) };
}

/** Our step interface over Inngest's step tools; results are the same JSON either way. */
function adaptStep(step: InngestStep): JobStep {
  return {
    run: <T>(id: string, fn: () => Promise<T> | T) => step.run(id, fn) as Promise<T>,
    sleep: async (id, duration) => {
      await step.sleep(id, duration as number | TimeStr);
    },
    sendEvent: async (id, events) => {
      const list = (Array.isArray(events) ? events : [events]).map(validateOutgoing);
      const { ids } = await step.sendEvent(id, list);
      return { ids };
    },
  };
}

/** Turns one plain function definition into an Inngest function for serve(). */
export function buildInngestFunction(client: Inngest, definition: AnyFunctionDefinition) {
  return client.createFunction(
    {
      id: definition.id,
      retries: definition.retries as Retries,
      concurrency: definition.concurrency ? { limit: definition.concurrency } : undefined,
      triggers: [eventType(definition.event, { schema: definition.schema })],
      onFailure: definition.onFailure
        ? async ({ event, error, logger }) => {
            const original = event.data.event;
            await definition.onFailure?.({
              event: { name: original.name, data: original.data as Record<string, unknown>, id: original.id ?? "" },
              error,
              logger,
            });
          }
        : undefined,
    },
    async ({ event, step, logger }) =>
      definition.handler({
        event: { name: event.name, data: event.data as Record<string, unknown>, id: event.id ?? "" },
        step: adaptStep(step),
        logger,
      }),
  );
}
