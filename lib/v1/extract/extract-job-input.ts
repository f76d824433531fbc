import { z } from "zod";
import type { Job } from "@/lib/db/generated/client";
import { OUTPUT_FORMATS } from "./extraction-result";

/** What an extract job keeps in jobs.input to run later: where its uploads are and the request's options. */
export const ExtractJobInput = z.object({
  files: z.array(
    z.object({
      key: z.string().nullable(),
      name: z.string(),
      size: z.number().int(),
      pages: z.number().int().nullable(),
    }),
  ),
  schema: z.array(z.object({ name: z.string(), type: z.enum(["string", "number", "date"]) })).optional(),
  detail: z.boolean(),
  output_format: z.enum(OUTPUT_FORMATS),
  /** Extra pages a file of unknown length may have before the request's page limit is reached. */
  page_allowance: z.number().int(),
});

export type ExtractJobInput = z.infer<typeof ExtractJobInput>;

export function extractJobInput(job: Job): ExtractJobInput {
  return ExtractJobInput.parse(job.input);
}
