import { getDb } from "@/lib/db";
import type { JobStep } from "@/lib/background/define-function";
import { fillExcelTemplate } from "@/lib/fill/excel/fill-excel-template";
import type { SourceDocument } from "@/lib/fill/map/source-document";
import { failFillJob } from "./fail-fill-job";
import { FillExcelJobInput } from "./fill-job-input";
import { chargeFill, completeFillJob, filledName, readSourceFile, readStoredFile, reportProgress } from "./fill-job-steps";

/**
 * The fill_excel job: read each source (charged per page), fill the template (charged per form), store
 * it in its output format (.xlsm stays .xlsm, everything else becomes .xlsx) and complete. A failing
 * step is retried; the function's onFailure fails the job when retries run out.
 */
export async function runFillExcelJob({ jobId, step }: { jobId: string; step: JobStep }): Promise<{ status: string }> {
  const db = await getDb();
  const job = await db.job.findUniqueOrThrow({ where: { id: jobId } });
  if (job.status !== "processing") return { status: job.status };
  const input = FillExcelJobInput.parse(job.input);

  const sources: SourceDocument[] = [];
  for (const [index, file] of input.sources.entries()) {
    const source = await step.run("read-source", async () => {
      await reportProgress(db, jobId, index + 1, `Reading source ${index + 1} of ${input.sources.length}: ${file.name}`);
      return readSourceFile(db, job, file, index + 1, input.ocrModel);
    });
    sources.push(source);
  }

  const outcome = await step.run("fill-workbook", async (): Promise<{ ok: boolean }> => {
    await reportProgress(db, jobId, input.sources.length + 1, "Filling the workbook");
    let filled;
    try {
      filled = await fillExcelTemplate({ template: await readStoredFile(input.target.key), fileName: input.target.name, mode: input.fillMode, sources, cellMappings: input.cellMappings });
    } catch (error) {
      await failFillJob(db, jobId, error);
      return { ok: false };
    }
    await chargeFill(db, job);
    await completeFillJob(db, job, {
      bytes: filled.file,
      fileName: filledName(input.target.name, filled.template.output.extension),
      extension: filled.template.output.extension,
      contentType: filled.template.output.contentType,
      result: {
        cells_written: filled.cells.length,
        cells: filled.cells.map((cell) => ({ sheet: cell.sheet, cell: cell.cell, value: cell.value, source: cell.source, confidence: cell.confidence })),
        fill_mode: input.fillMode,
        labels_found: filled.slots.labels,
        tables_found: filled.slots.tables,
        template_format: filled.template.format.id,
        output_format: filled.template.output.extension,
        notes: filled.notes,
      },
    });
    return { ok: true };
  });
  return { status: outcome.ok ? "completed" : "failed" };
}
