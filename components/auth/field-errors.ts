import type { z } from "zod";

/** The first problem of each top-level field of a zod result, keyed by the field's name. */
export function fieldErrorsOf(error: z.ZodError | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error?.issues ?? []) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : undefined;
    if (field && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}
