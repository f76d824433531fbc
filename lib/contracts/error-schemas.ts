import { z } from "zod";

export const ValidationErrorSchema = z
  .object({
    loc: z
      .array(z.union([z.string(), z.number().int()]))
      .describe('Where the problem is: "path" | "query" | "body" | "header", then the field path.'),
    msg: z.string(),
    type: z.string().describe("Pydantic-style error type, e.g. missing, string_type, json_invalid."),
  })
  .meta({ id: "ValidationError", title: "ValidationError" });

export const HTTPValidationErrorSchema = z
  .object({ detail: z.array(ValidationErrorSchema) })
  .meta({ id: "HTTPValidationError", title: "HTTPValidationError" });

export const HTTPErrorSchema = z
  .object({ detail: z.string() })
  .meta({ id: "HTTPError", title: "HTTPError", description: "Any /api error other than validation." });

export const DeveloperErrorSchema = z
  .object({
    error: z.object({
      code: z
        .string()
        .describe("Machine-readable code: unauthorized, validation_error, rate_limit_exceeded, not_found, …"),
      message: z.string(),
      details: z.array(ValidationErrorSchema).optional().describe("Validation problems, for validation_error."),
    }),
  })
  .meta({ id: "DeveloperError", title: "DeveloperError", description: "Every /v1 error." });
