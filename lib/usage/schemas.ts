import { z } from "zod";

const Counts = {
  requests: z.number().int(),
  documents: z.number().int(),
  pages: z.number().int(),
  tokens: z.number().int(),
};

/** GET /v1/usage. */
export const ApiUsageResponse = z
  .object({
    tier: z.enum(["free", "starter", "growth", "scale"]),
    billing_period: z
      .object({ start: z.string().datetime(), end: z.string().datetime() })
      .describe("The current calendar month (UTC); the allowance resets at `end`."),
    tokens: z.object({
      allowance: z.number().int().describe("Monthly tokens of the tier."),
      used: z.number().int().describe("Tokens used this period by the API and the web app together (one balance)."),
      remaining: z.number().int(),
      used_by_api: z.number().int(),
      used_by_app: z.number().int(),
    }),
    requests: z.object({
      total: z
        .number()
        .int()
        .describe("Processing requests (jobs) submitted through the API this period, synchronous ones included."),
      by_status: z
        .record(z.string(), z.number().int())
        .describe("Jobs by status: processing, completed, failed, cancelled."),
      by_type: z.record(z.string(), z.number().int()).describe("Jobs by type: extract, fill_pdf, fill_excel."),
    }),
    documents: z.object({
      processed: z.number().int().describe("Documents charged through the API this period."),
      pages: z.number().int().describe("Pages charged through the API this period."),
    }),
    models: z.array(z.object({ model: z.string(), ...Counts })).describe("API usage per model, most tokens first."),
    limits: z.object({
      requests_per_minute: z.number().int(),
      max_pages_per_request: z.number().int(),
      max_file_size_bytes: z.number().int(),
    }),
  })
  .meta({ id: "ApiUsageResponse", title: "Usage" });

export type ApiUsage = z.infer<typeof ApiUsageResponse>;
