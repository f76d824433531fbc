import { z } from "zod";
import { ExportPageInput } from "../export-schemas";

export const CONVERT_FORMATS = ["xml", "csv", "yaml", "markdown", "text"] as const;
export const CONVERT_ALL_FORMATS = ["json", ...CONVERT_FORMATS] as const;

export const ConvertParams = z.object({
  doc_id: z.string().describe("One of the caller's batch documents."),
  format_type: z
    .enum(CONVERT_FORMATS, { error: `format_type must be one of: ${CONVERT_FORMATS.join(", ")}` })
    .describe("Output format."),
});

export const BATCH_CONVERT_FORMATS = ["json", "csv", "markdown"] as const;
export type BatchConvertFormat = (typeof BATCH_CONVERT_FORMATS)[number];

export const BatchConvertParams = z.object({
  batch_id: z.string().describe("One of the caller's batches."),
  format_type: z
    .enum(BATCH_CONVERT_FORMATS, { error: `format_type must be one of: ${BATCH_CONVERT_FORMATS.join(", ")}` })
    .describe("Output format."),
});

export const ConvertedOutput = z
  .object({
    format: z.enum(CONVERT_ALL_FORMATS).describe("The format of content."),
    content_type: z.string().describe("MIME type of content."),
    file_name: z.string().describe("A file name for saving content (the document's name with the format's extension)."),
    content: z.string().describe("The document rendered in this format: its pages' text, key-values and tables."),
    generated_at: z.string().describe("ISO 8601 time of generation."),
  })
  .meta({ id: "ConvertedOutput", title: "ConvertedOutput" });

const ConversionFacts = {
  document_id: z.string().describe("The converted document."),
  missing_pages: z
    .array(z.number().int())
    .describe("Pages not included because they are not read yet or failed (empty when complete)."),
  message: z.string().describe("What was done, naming pages left out."),
};

export const ConvertResponse = ConvertedOutput.extend(ConversionFacts).meta({
  id: "ConvertResponse",
  title: "ConvertResponse",
});

export const ConvertAllResponse = z
  .object({
    ...ConversionFacts,
    formats: z
      .object(
        Object.fromEntries(CONVERT_ALL_FORMATS.map((format) => [format, ConvertedOutput])) as Record<
          (typeof CONVERT_ALL_FORMATS)[number],
          typeof ConvertedOutput
        >,
      )
      .describe("Every format: json, xml, csv, yaml, markdown, text."),
  })
  .meta({ id: "ConvertAllResponse", title: "ConvertAllResponse" });

export type ConvertFormat = (typeof CONVERT_ALL_FORMATS)[number];
export type ConvertedOutputBody = z.infer<typeof ConvertedOutput>;

export const ConvertRequest = z
  .object({
    pages: z
      .array(ExportPageInput)
      .max(1000)
      .optional()
      .describe(
        "Pages as GET /api/batch/results returns them, to convert the current state including unsaved edits; pages not listed are used as stored.",
      ),
  })
  .strict()
  .meta({ id: "ConvertRequest", title: "ConvertRequest" });

export const BatchConvertResponse = z
  .object({
    format: z.enum(BATCH_CONVERT_FORMATS),
    content_type: z.string().describe("MIME type of content."),
    file_name: z.string().describe("A file name for saving content (the batch's name with the format's extension)."),
    content: z.string().describe("Every read document of the batch in this format."),
    generated_at: z.string().describe("ISO 8601 time of generation."),
    documents: z.number().int().describe("How many documents the content holds."),
    skipped: z.array(z.string()).describe("File names of documents left out because no page of them is read yet."),
    message: z.string(),
  })
  .meta({ id: "BatchConvertResponse", title: "BatchConvertResponse" });
