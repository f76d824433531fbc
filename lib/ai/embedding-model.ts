import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { EmbeddingModel } from "ai";
import { getConfig } from "@/lib/config";

export interface ConfiguredEmbeddingModel {
  model: EmbeddingModel;
  /** e.g. "openai:text-embedding-3-small", reported by the search tool. */
  label: string;
}

/**
 * The embedding model of the configured provider (AI_EMBEDDING_MODEL, or the provider's default), or
 * null: no provider, a provider without embeddings (Anthropic), or an openai-compatible server with no
 * embedding model named. Search then stays lexical.
 */
export function configuredEmbeddingModel(): ConfiguredEmbeddingModel | null {
  const config = getConfig();
  switch (config.AI_PROVIDER) {
    case "openai": {
      const modelId = config.AI_EMBEDDING_MODEL ?? "text-embedding-3-small";
      const provider = createOpenAI({ apiKey: config.AI_API_KEY, baseURL: config.AI_BASE_URL });
      return { model: provider.embeddingModel(modelId), label: `openai:${modelId}` };
    }
    case "openai-compatible": {
      if (!config.AI_EMBEDDING_MODEL || !config.AI_BASE_URL) return null;
      const provider = createOpenAICompatible({
        name: "openai-compatible",
        apiKey: config.AI_API_KEY,
        baseURL: config.AI_BASE_URL,
      });
      return {
        model: provider.embeddingModel(config.AI_EMBEDDING_MODEL),
        label: `openai-compatible:${config.AI_EMBEDDING_MODEL}`,
      };
    }
    default:
      return null;
  }
}
