import { z } from "zod";
import { BoundingBoxesInput } from "@/lib/batches/request-schemas";

/** A page as GET /api/batch/results returns it; only the fields an export reads are kept, the rest are ignored. */
export const ExportPageInput = z
  .object({
    page_number: z.number().int().min(1).describe("1-based page number in its document."),
    extracted_text: z.string().max(1_000_000).optional().describe("The page's text, with unsaved corrections."),
    bounding_boxes: BoundingBoxesInput.optional().describe(
      "Words with their boxes (the searchable PDF's text layer is drawn at these boxes).",
    ),
    structured_data: z
      .record(z.string(), z.unknown())
      .optional()
      .describe(
        "key_value_pairs [{key, value}] and tables [{rows}] as results return them (the report's key-value and table sections).",
      ),
  })
  .meta({ id: "ExportPageInput", title: "ExportPageInput" });

export const ExportDocumentInput = z
  .object({
    document_id: z.string().describe("A document of this batch."),
    pages: z
      .array(ExportPageInput)
      .max(1000)
      .describe("Pages to export as given (unsaved edits); pages not listed are exported as stored."),
  })
  .meta({ id: "ExportDocumentInput", title: "ExportDocumentInput" });

export const ExportRequest = z
  .object({
    document_ids: z
      .array(z.string())
      .min(1)
      .max(500)
      .optional()
      .describe(
        "Documents of the batch to export, in this order; default every document of the batch in upload order.",
      ),
    documents: z
      .array(ExportDocumentInput)
      .max(500)
      .optional()
      .describe(
        "Page data as GET /api/batch/results returns it, to export the current state including unsaved edits. Nothing stored is changed.",
      ),
    mode: z
      .enum(["searchable", "report"])
      .optional()
      .describe(
        "PDF only. searchable: the original pages (scanned and photographed pages as their images with an invisible text layer at the word boxes; digital PDF pages copied as they are). " +
          "report: per document a title, then per page its text, key-values as a two-column table and tables as ruled tables. " +
          "Default: searchable when any exported page was read by OCR, report otherwise. DOCX is always a report.",
      ),
  })
  .strict()
  .meta({ id: "ExportRequest", title: "ExportRequest" });

export type ExportRequestBody = z.infer<typeof ExportRequest>;
export type ExportPageOverride = z.infer<typeof ExportPageInput>;
