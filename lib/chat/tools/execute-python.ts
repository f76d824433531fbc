import { z } from "zod";
import type { ChatToolContext } from "./tool-context";
import { ChatToolError } from "./tool-context";

export const ExecutePythonInput = z.object({
  code: z
    .string()
    .min(1)
    .max(20_000)
    .describe("Python 3 source. The value of the last expression is returned; print() output too."),
  data: z
    .unknown()
    .optional()
    .describe("JSON made available to the code as the variable `data` (e.g. rows from fetch_documents)."),
});
export type ExecutePythonInput = z.infer<typeof ExecutePythonInput>;

export const executePythonDescription =
  "Run Python 3 (Pyodide) for calculations over extracted data. Standard library only (statistics, decimal, datetime, json, re, math…): " +
  "no numpy or pandas, no files, no network, no processes. Pass values in `data`; at most 15 s.";

/** Runs the code in the sandbox; a Python error or a limit is an error the model can read and fix. */
export async function executePython(context: ChatToolContext, input: ExecutePythonInput) {
  const parsed = ExecutePythonInput.parse(input);
  if (!context.python) throw new ChatToolError("Python is not available here.");
  const result = await context.python.run(parsed.code, { data: parsed.data, signal: context.signal });
  if (!result.ok)
    throw new ChatToolError(
      `${result.error ?? "Python failed"}${result.stdout ? `\nOutput before the error:\n${result.stdout}` : ""}`,
    );
  return { stdout: result.stdout, result: result.result ?? null };
}
