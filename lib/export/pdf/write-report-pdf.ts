import type { Db } from "@/lib/db";
import type { ExportPageOverride } from "../export-schemas";
import type { ExportDocument } from "../export-types";
import { readExportPages } from "../read-export-pages";
import { ReportLayout } from "./report-layout";

export interface WriteReportOptions {
  db: Db;
  documents: ExportDocument[];
  overrides: Map<string, ExportPageOverride[]>;
  title: string;
  /** Aborts when the client goes away: the writer stops at the next page. */
  signal?: AbortSignal;
}

/**
 * A readable report of what was read: per document a title, per page its text, key-values and
 * tables. The PDF comes out in pieces as it is laid out (one per export page), so a 800-page
 * report needs no more memory than a 50-page one.
 */
export async function* writeReportPdf(options: WriteReportOptions): AsyncGenerator<Uint8Array> {
  const layout = await ReportLayout.create(options.title);
  for (const document of options.documents) {
    await layout.heading(document.fileName, 1);
    for await (const page of readExportPages({
      db: options.db,
      document,
      overrides: options.overrides.get(document.id),
      signal: options.signal,
    })) {
      await layout.heading(`Page ${page.pageNumber}`, 2);
      if (page.status === "missing") {
        await layout.paragraph(`Not included: ${page.error ?? "not available"}.`, { color: 0.5 });
        continue;
      }
      await layout.paragraph(page.text || "(no text)");
      if (page.keyValues.length > 0) {
        await layout.heading("Key-values", 3);
        await layout.table([["Key", "Value"], ...page.keyValues.map((pair) => [pair.key, pair.value])], {
          header: true,
        });
      }
      for (const [index, rows] of page.tables.entries()) {
        await layout.heading(`Table ${index + 1}`, 3);
        await layout.table(rows, { header: true });
      }
      layout.gap(10);
      const written = layout.drain();
      if (written.length > 0) yield Buffer.concat(written);
    }
  }
  yield Buffer.concat([...layout.drain(), ...(await layout.finish())]);
}
