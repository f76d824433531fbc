import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import { getConfig } from "@/lib/config";

export interface ConfiguredModel {
  model: LanguageModel;
  /** e.g. "openai:gpt-4o-mini", reported as the engine of AI results. */
  label: string;
}

const defaultModels = { openai: "gpt-4o-mini", anthropic: "claude-3-5-haiku-latest", "openai-compatible": "" } as const;

/** The language model chosen by AI_PROVIDER / AI_MODEL / AI_API_KEY / AI_BASE_URL, or null when none is configured. */
export function configuredLanguageModel(): ConfiguredModel | null {
  const config = getConfig();
  if (!config.AI_PROVIDER) return null;
  const modelId = config.AI_MODEL ?? defaultModels[config.AI_PROVIDER];
  if (!modelId) throw new Error(`AI_MODEL is required for AI_PROVIDER=${config.AI_PROVIDER}`);
  const label = `${config.AI_PROVIDER}:${modelId}`;
  switch (config.AI_PROVIDER) {
    case "openai":
      return { model: createOpenAI({ apiKey: config.AI_API_KEY, baseURL: config.AI_BASE_URL })(modelId), label };
    case "anthropic":
      return { model: createAnthropic({ apiKey: config.AI_API_KEY, baseURL: config.AI_BASE_URL })(modelId), label };
    case "openai-compatible": {
      if (!config.AI_BASE_URL) throw new Error("AI_BASE_URL is required for AI_PROVIDER=openai-compatible");
      return {
        model: createOpenAICompatible({
          name: "openai-compatible",
          apiKey: config.AI_API_KEY,
          baseURL: config.AI_BASE_URL,
        })(modelId),
        label,
      };
    }
  }
}
