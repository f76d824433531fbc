import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import { ExtractForm } from "@/lib/v1/extract/extract-form";
import { ExtractionSchemaResponse, SaveExtractionSchemaBody } from "./extraction-schemas";

// The extraction playground: /v1/extract for a signed-in person (a file, or a document of one of
// their batches), and the schemas they build there, kept per user.

// The developer form's fields; its "a file is required" check becomes "a file or a batch document".
export const BrowserExtractForm = z
  .object({
    ...ExtractForm.shape,
    source_batch_id: z.string().optional().describe("Instead of a file: one of your batches…"),
    source_document_id: z.string().optional().describe("…and the document of it to extract from."),
  })
  .superRefine((form, context) => {
    const files = (form.file?.length ?? 0) + (form.files?.length ?? 0);
    if (files === 0 && !form.source_document_id)
      context.addIssue({
        code: "custom",
        path: ["file"],
        message: "Send the document in a file part, or name a batch document (source_batch_id and source_document_id)",
      });
  })
  .meta({ id: "BrowserExtractRequest" });
export type BrowserExtractForm = z.output<typeof BrowserExtractForm>;

const tags = ["Extraction playground"];

export const browserExtractRoute = defineRoute({
  method: "POST",
  path: "/api/extract",
  surface: "api",
  auth: "user",
  operationId: "browserExtract",
  summary: "Extract with a schema (signed-in browser)",
  description:
    "POST /v1/extract for the browser session, with the same limits and answers: 200 with the result for one short file, 202 with a job to poll at GET /api/jobs/{id} otherwise. The document is a file or a document of one of your batches (source_batch_id and source_document_id).",
  tags,
  form: BrowserExtractForm,
  responses: {
    200: { description: "The extraction result (as /v1/extract)." },
    202: { description: "A job: poll GET /api/jobs/{id}." },
    404: { description: "source_batch_id or source_document_id is not yours." },
    413: { description: "The file is too large or has too many pages for your plan." },
  },
});

export const listExtractionSchemasRoute = defineRoute({
  method: "GET",
  path: "/api/extraction-schemas",
  surface: "api",
  auth: "user",
  operationId: "listExtractionSchemas",
  summary: "Your saved extraction schemas",
  tags,
  responses: {
    200: { description: "Newest first.", schema: z.object({ schemas: z.array(ExtractionSchemaResponse) }) },
  },
});

export const saveExtractionSchemaRoute = defineRoute({
  method: "POST",
  path: "/api/extraction-schemas",
  surface: "api",
  auth: "user",
  operationId: "saveExtractionSchema",
  summary: "Save an extraction schema under its name",
  description: "A schema of the same name is replaced. At most 100 schemas per person (409 beyond).",
  tags,
  body: SaveExtractionSchemaBody,
  responses: { 200: { description: "The saved schema.", schema: ExtractionSchemaResponse } },
});

export const deleteExtractionSchemaRoute = defineRoute({
  method: "DELETE",
  path: "/api/extraction-schemas/{schema_id}",
  surface: "api",
  auth: "user",
  operationId: "deleteExtractionSchema",
  summary: "Delete one of your extraction schemas",
  tags,
  params: z.object({ schema_id: z.string() }),
  responses: {
    200: { description: "Deleted.", schema: z.object({ deleted: z.literal(true) }) },
    404: { description: "No such schema of yours." },
  },
});
