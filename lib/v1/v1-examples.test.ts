import { describe, expect, it } from "vitest";
import { z } from "zod";
import { HealthResponseSchema } from "@/lib/diagnostics/diagnostics.contract";
import { buildOpenApiDocument } from "@/lib/openapi/build-document";
import { listRouteContracts } from "@/lib/openapi/contracts";
import { ApiUsageResponse } from "@/lib/usage/schemas";
import { WebhookDeliveryResponse } from "@/lib/webhooks/serialize-webhook-delivery";
import { JobListResponse } from "@/lib/v1/jobs/list-jobs";
import { JobResponse } from "@/lib/v1/jobs/serialize-job";
import {
  cancelledJobExample,
  healthExample,
  jobExample,
  jobListExample,
  processingJobExample,
  usageExample,
  webhookDeliveryExample,
} from "./v1-examples";

type Media = { schema?: { $ref?: string; examples?: unknown[] }; example?: unknown };
type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, Media> }> }>>;
  components: { schemas: Record<string, { examples?: unknown[] }> };
};

describe("/v1 examples", () => {
  it("match their schemas", () => {
    expect(() => JobResponse.parse(jobExample)).not.toThrow();
    expect(() => JobResponse.parse(processingJobExample)).not.toThrow();
    expect(() => JobResponse.parse(JSON.parse(JSON.stringify(cancelledJobExample)))).not.toThrow();
    expect(() => JobListResponse.parse(jobListExample)).not.toThrow();
    expect(() => WebhookDeliveryResponse.parse(webhookDeliveryExample)).not.toThrow();
    expect(() => ApiUsageResponse.parse(usageExample)).not.toThrow();
    expect(() => HealthResponseSchema.parse(healthExample)).not.toThrow();
  });

  it("every /v1 operation documents an example of its success answer", () => {
    const document = buildOpenApiDocument(listRouteContracts()) as unknown as Doc;
    const missing: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith("/v1/")) continue;
      for (const [method, operation] of Object.entries(item)) {
        const success = Object.entries(operation.responses).filter(([status]) => status.startsWith("2"));
        const documented = success.some(([, response]) =>
          Object.values(response.content ?? {}).some((media) => {
            if (media.example !== undefined || media.schema?.examples) return true;
            const ref = media.schema?.$ref?.split("/").at(-1);
            return ref !== undefined && Array.isArray(document.components.schemas[ref]?.examples);
          }),
        );
        if (!documented) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("schema-level examples of the extraction answers match their schemas", async () => {
    const { ExtractCompletedResponse, ExtractAcceptedResponse } = await import("@/lib/v1/extract/extraction-result");
    for (const schema of [ExtractCompletedResponse, ExtractAcceptedResponse] as z.ZodType[]) {
      for (const example of (schema.meta()?.examples as unknown[]) ?? [])
        expect(schema.safeParse(example).error).toBeUndefined();
    }
  });
});
