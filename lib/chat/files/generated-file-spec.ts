import { z } from "zod";

const Cell = z.union([z.string().max(10_000), z.number(), z.boolean(), z.null()]);

/** What generate_file writes: a title, paragraphs of text and one table, in the format asked for. */
export const GeneratedFileSpec = z
  .object({
    format: z.enum(["csv", "xlsx", "docx", "pdf"]),
    file_name: z.string().min(1).max(120).describe("Name without path; the format's extension is added when missing."),
    title: z.string().max(300).optional().describe("Heading of a DOCX or PDF, sheet name of an XLSX."),
    text: z.string().max(100_000).optional().describe("Paragraphs (separated by blank lines) for DOCX and PDF."),
    rows: z
      .array(z.array(Cell).max(50))
      .max(10_000)
      .optional()
      .describe("A table, first row the header. CSV and XLSX need rows."),
  })
  .refine((spec) => spec.rows?.length || (spec.text && spec.format !== "csv" && spec.format !== "xlsx"), {
    message: "Give rows (a table) for CSV and XLSX, and rows or text for DOCX and PDF.",
  });
export type GeneratedFileSpec = z.infer<typeof GeneratedFileSpec>;
