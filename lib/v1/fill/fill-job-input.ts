import { z } from "zod";

// What a fill job row keeps in `input` (never shown to clients): where the uploads are stored and
// the request's options, so the background function needs nothing but the job id.

const StoredFile = z.object({ key: z.string(), name: z.string() });

export const FillPdfJobInput = z.object({
  target: StoredFile,
  sources: z.array(StoredFile),
  fieldMappings: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]))
    .optional(),
  instructions: z.string().optional(),
  flatten: z.boolean(),
  ocrModel: z.string(),
});
export type FillPdfJobInput = z.infer<typeof FillPdfJobInput>;

export const FillExcelJobInput = z.object({
  target: StoredFile,
  sources: z.array(StoredFile),
  fillMode: z.enum(["smart", "explicit"]),
  cellMappings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  ocrModel: z.string(),
});
export type FillExcelJobInput = z.infer<typeof FillExcelJobInput>;
