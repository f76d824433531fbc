import { fillExcelTemplate } from "@/lib/fill/excel/fill-excel-template";
import type { SourceDocument } from "@/lib/fill/map/source-document";
import type { JobRunContext } from "@/lib/v1/jobs/define-job-function";
import { FillExcelJobInput } from "./fill-job-input";
import {
  chargeFill,
  completeFillJob,
  filledName,
  readSourceFile,
  readStoredFile,
  reportProgress,
} from "./fill-job-stages";

/**
 * The stages of a fill_excel job: read each source (charged per page), fill the template (charged per
 * form), store it in its output format (.xlsm stays .xlsm, everything else becomes .xlsx) and
 * complete. The life cycle around the stages is defineJobFunction's.
 */
export async function runFillExcelJobStages({ db, store, jobId, stage }: JobRunContext): Promise<void> {
  const input = await stage("read-input", async (job) => FillExcelJobInput.parse(job.input));

  const sources: SourceDocument[] = [];
  for (const [index, file] of input.sources.entries()) {
    const source = await stage("read-source", async (job, signal) => {
      await reportProgress({
        db,
        jobId,
        current: index + 1,
        message: `Reading source ${index + 1} of ${input.sources.length}: ${file.name}`,
      });
      return readSourceFile({ db, store, job, file, index: index + 1, ocrModel: input.ocrModel, signal });
    });
    sources.push(source);
  }

  await stage("fill-workbook", async (job) => {
    await reportProgress({ db, jobId, current: input.sources.length + 1, message: "Filling the workbook" });
    const filled = await fillExcelTemplate({
      template: await readStoredFile({ store, key: input.target.key }),
      fileName: input.target.name,
      mode: input.fillMode,
      sources,
      cellMappings: input.cellMappings,
    });
    await chargeFill({ db, job });
    await completeFillJob({
      db,
      store,
      job,
      output: {
        bytes: filled.file,
        fileName: filledName(input.target.name, filled.template.output.extension),
        extension: filled.template.output.extension,
        contentType: filled.template.output.contentType,
        result: {
          cells_written: filled.cells.length,
          cells: filled.cells.map((cell) => ({
            sheet: cell.sheet,
            cell: cell.cell,
            value: cell.value,
            source: cell.source,
            confidence: cell.confidence,
          })),
          fill_mode: input.fillMode,
          labels_found: filled.slots.labels,
          tables_found: filled.slots.tables,
          template_format: filled.template.format.id,
          output_format: filled.template.output.extension,
          notes: filled.notes,
        },
      },
    });
  });
}
