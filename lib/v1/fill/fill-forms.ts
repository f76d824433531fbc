import { z } from "zod";

// The multipart parameters of POST /v1/fill/pdf and /v1/fill/excel. JSON parameters arrive as
// strings and are parsed here, so a malformed one is a clear 422 before any work.

function jsonObject<T extends z.ZodType>(parameter: string, values: T, example: string) {
  const maxLength = 1_000_000;
  return z
    .string()
    .max(maxLength, `${parameter} is longer than ${maxLength.toLocaleString("en")} characters`)
    .transform((text, context): z.output<z.ZodRecord<z.ZodString, T>> => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        context.addIssue({
          code: "custom",
          message: `${parameter} is not valid JSON (${error instanceof Error ? error.message : String(error)}); send an object such as ${example}`,
        });
        return z.NEVER;
      }
      const result = z.record(z.string(), values).safeParse(parsed);
      if (!result.success || Array.isArray(parsed)) {
        context.addIssue({ code: "custom", message: `${parameter} must be a JSON object such as ${example}` });
        return z.NEVER;
      }
      return result.data;
    });
}

const MappingValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);
const CellValue = z.union([z.string(), z.number(), z.boolean()]);

const common = {
  source_files: z
    .array(z.file())
    .optional()
    .describe("Source documents (any supported format) to take values from; repeat the part for several."),
  model: z
    .string()
    .optional()
    .describe(
      "OCR model for the source documents: docsvc-OCR-v1 (default) or docsvc-OCR-XL-v1, or a dated id. Mapping always uses docsvc-fill-v1.",
    ),
  webhook_url: z.string().optional().describe("Receives the job when it completes or fails."),
};

export const FillPdfForm = z
  .object({
    target_pdf: z.file().describe("The PDF form (AcroForm) to fill."),
    ...common,
    instructions: z
      .string()
      .max(20_000)
      .optional()
      .describe(
        'Natural-language instructions: "use today\'s date", "tick married", "leave section 3 empty", "set city to Berlin".',
      ),
    field_mappings: jsonObject("field_mappings", MappingValue, '{"first_name":"Jane","newsletter":true}')
      .optional()
      .describe(
        "JSON object of field name → value. Exact names, then case-insensitive names; checkboxes take yes/true/x or no/false, radios and dropdowns the nearest option; null leaves a field empty. Always wins over inferred values.",
      ),
    flatten: z
      .stringbool()
      .default(false)
      .describe("Remove the form fields after filling, keeping their appearance (signature fields are kept)."),
  })
  .meta({ id: "FillPdfRequest" });
export type FillPdfForm = z.output<typeof FillPdfForm>;

export const FillExcelForm = z
  .object({
    target_excel: z
      .file()
      .optional()
      .describe(
        "The template to fill: .xlsx, .xltx, .xlsm (macros kept), or .xls/.ods/.qpw (converted to .xlsx). Give this or target_excel_id.",
      ),
    target_excel_id: z
      .string()
      .optional()
      .describe(
        "Instead of target_excel: the id of a template in the key owner's library (GET /api/batch/library?kind=template; saved with POST /api/batch/save-generated-file). Another user's id answers 404.",
      ),
    ...common,
    fill_mode: z
      .enum(["smart", "explicit"])
      .default("smart")
      .describe(
        "smart: find label cells, their value cells and table regions, and fill them from source_files (cell_mappings applied on top). explicit: write cell_mappings only.",
      ),
    cell_mappings: jsonObject("cell_mappings", CellValue, '{"Sheet1!B3":"Acme Ltd","C4":12}')
      .optional()
      .describe(
        'JSON object of cell address → value, e.g. {"Sheet1!B3":"Acme Ltd","C4":12} (no sheet: the first sheet). Values are written as text, numbers or booleans, never as formulas. Addresses refer to the workbook after table rows were inserted.',
      ),
  })
  .refine((form) => (form.target_excel === undefined) !== (form.target_excel_id === undefined), {
    message: "Give the template as target_excel (a file) or target_excel_id (a library template), one of them",
    path: ["target_excel"],
  })
  .meta({ id: "FillExcelRequest" });
export type FillExcelForm = z.output<typeof FillExcelForm>;

export const FillAcceptedResponse = z
  .object({
    id: z.string().uuid(),
    status: z.literal("processing"),
    poll_url: z.string().describe("The path /v1/jobs/<id>; append it to the base address."),
  })
  .meta({
    id: "FillAcceptedResponse",
    examples: [
      {
        id: "3f9a2b8e-6d0c-4b1e-9a51-0c2d7e4f8a13",
        status: "processing",
        poll_url: "/v1/jobs/3f9a2b8e-6d0c-4b1e-9a51-0c2d7e4f8a13",
      },
    ],
  });
