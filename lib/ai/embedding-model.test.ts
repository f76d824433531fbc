import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { configuredEmbeddingModel } from "./embedding-model";

const settings = ["AI_PROVIDER", "AI_MODEL", "AI_BASE_URL", "AI_EMBEDDING_MODEL", "AI_API_KEY"] as const;

function configure(values: Partial<Record<(typeof settings)[number], string>>) {
  for (const name of settings) delete process.env[name];
  Object.assign(process.env, values);
  resetConfigForTests();
}

afterEach(() => configure({}));

describe("the embedding model", () => {
  it("follows the provider: OpenAI's default or the one named, none for Anthropic or without a provider", () => {
    configure({});
    expect(configuredEmbeddingModel()).toBeNull();
    configure({ AI_PROVIDER: "openai", AI_API_KEY: "sk-test" });
    expect(configuredEmbeddingModel()?.label).toBe("openai:text-embedding-3-small");
    configure({ AI_PROVIDER: "openai", AI_API_KEY: "sk-test", AI_EMBEDDING_MODEL: "text-embedding-3-large" });
    expect(configuredEmbeddingModel()?.model).toMatchObject({ modelId: "text-embedding-3-large" });
    configure({ AI_PROVIDER: "anthropic", AI_API_KEY: "k" });
    expect(configuredEmbeddingModel()).toBeNull();
    configure({ AI_PROVIDER: "openai-compatible", AI_MODEL: "llama3", AI_BASE_URL: "http://127.0.0.1:11434/v1" });
    expect(configuredEmbeddingModel()).toBeNull();
    configure({
      AI_PROVIDER: "openai-compatible",
      AI_MODEL: "llama3",
      AI_BASE_URL: "http://127.0.0.1:11434/v1",
      AI_EMBEDDING_MODEL: "nomic-embed-text",
    });
    expect(configuredEmbeddingModel()?.label).toBe("openai-compatible:nomic-embed-text");
  });
});
