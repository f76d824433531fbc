import type { ConfiguredModel } from "@/lib/ai/language-model";
import type { FillPlan, FormField } from "../types";
import { mapFieldMappings, type MappingValue } from "./map-field-mappings";
import { mapSourceValues } from "./map-source-values";
import { mapWithAi } from "./map-with-ai";
import { parseInstructions } from "./parse-instructions";
import type { SourceDocument } from "./source-document";

/**
 * The plans for one form: explicit mappings always; instructions and sources by the configured AI
 * provider, or by the deterministic parser and matcher without one (or when the provider fails,
 * which is reported in `unresolved`). `engine` says which answered.
 */
export async function planFill(options: {
  fields: FormField[];
  fieldMappings?: Record<string, MappingValue>;
  instructions?: string;
  sources: SourceDocument[];
  ai: ConfiguredModel | null;
  today?: Date;
  /** Aborts the provider's call (the job was cancelled). */
  signal?: AbortSignal;
}): Promise<{ plans: FillPlan[]; engine: string }> {
  const plans: FillPlan[] = [];
  if (options.fieldMappings) plans.push(mapFieldMappings(options.fields, options.fieldMappings));
  const inferred = Boolean(options.instructions) || options.sources.length > 0;
  if (!inferred) return { plans, engine: "mappings" };
  if (options.ai) {
    try {
      plans.push(
        await mapWithAi({
          fields: options.fields,
          instructions: options.instructions,
          sources: options.sources,
          ai: options.ai,
          today: options.today,
          signal: options.signal,
        }),
      );
      return { plans, engine: `ai:${options.ai.label}` };
    } catch (error) {
      options.signal?.throwIfAborted();
      plans.push({
        assignments: [],
        exclusions: [],
        unresolved: [
          `AI provider failed (${error instanceof Error ? error.message : String(error)}); the deterministic matcher answered`,
        ],
      });
    }
  }
  if (options.instructions)
    plans.push(parseInstructions({ fields: options.fields, instructions: options.instructions, today: options.today }));
  if (options.sources.length > 0) plans.push(mapSourceValues({ fields: options.fields, sources: options.sources }));
  return { plans, engine: "deterministic" };
}
