import { z } from "zod";
import type { SchemaField } from "@/lib/extraction/types";
import { OUTPUT_FORMATS } from "./extraction-result";

const MAX_SCHEMA_FIELDS = 100;

const SchemaItem = z.object({
  name: z.string().trim().min(1, "name must not be empty").max(200),
  type: z.enum(["string", "number", "date"], { error: "type must be string, number or date" }).default("string"),
});

/** The schema form field: a JSON string holding an array of {name, type}; every problem is a clear 422. */
const SchemaParameter = z
  .string()
  // 100 fields of 200-character names fit in well under 100 KB; anything larger is refused unparsed.
  .max(100_000, "schema is longer than 100,000 characters; it lists at most 100 fields")
  .transform((text, context): SchemaField[] => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      context.addIssue({
        code: "custom",
        message: `schema is not valid JSON (${error instanceof Error ? error.message : String(error)}); send a JSON array such as [{"name":"total","type":"number"}]`,
      });
      return z.NEVER;
    }
    const items = z
      .array(SchemaItem)
      .min(1, "schema must list at least one field")
      .max(MAX_SCHEMA_FIELDS)
      .safeParse(parsed);
    if (!items.success) {
      for (const issue of items.error.issues) {
        const where = issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
        context.addIssue({
          code: "custom",
          message: `schema must be a JSON array of {name, type} with type string, number or date: ${issue.message}${where}`,
        });
      }
      return z.NEVER;
    }
    const names = items.data.map((item) => item.name);
    const duplicate = names.find((name, index) => names.indexOf(name) !== index);
    if (duplicate) {
      context.addIssue({ code: "custom", message: `schema names the field "${duplicate}" twice` });
      return z.NEVER;
    }
    return items.data;
  })
  .describe(
    'A JSON array of {name, type} (type: string, number or date), e.g. [{"name":"invoice_number","type":"string"},{"name":"total","type":"number"}]. fields then holds exactly these names.',
  );

/** POST /v1/extract multipart form. */
export const ExtractForm = z
  .object({
    file: z
      .array(z.file())
      .optional()
      .describe(
        "The document. Repeat the part (or use files) to send several; several files are processed asynchronously.",
      ),
    files: z.array(z.file()).optional().describe("Same as file; both may be used together."),
    schema: SchemaParameter.optional(),
    model: z
      .string()
      .optional()
      .describe(
        "docsvc-OCR-v1 (default), docsvc-OCR-XL-v1, or a dated id such as docsvc-OCR-v1-2025-02 to pin a version.",
      ),
    detail: z
      .stringbool()
      .default(false)
      .describe(
        "true adds field_details (page, box, calibrated confidence, words and, where rules weighed evidence, the reason for each value) and pages (each page's text).",
      ),
    webhook_url: z
      .string()
      .optional()
      .describe("A public http(s) URL that receives the job when it finishes; makes the request asynchronous."),
    output_format: z
      .enum(OUTPUT_FORMATS)
      .default("json")
      .describe(
        "json (default), csv or xml. csv and xml add result.output {format, content_type, content} and result.download_url.",
      ),
  })
  .superRefine((form, context) => {
    if ((form.file?.length ?? 0) + (form.files?.length ?? 0) === 0) {
      context.addIssue({ code: "custom", path: ["file"], message: "Field required: send the document in a file part" });
    }
  });

export type ExtractForm = z.output<typeof ExtractForm>;
