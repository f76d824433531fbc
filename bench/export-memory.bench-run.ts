import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { it } from "vitest";
import type { Db } from "@/lib/db";
import { writeReportDocx } from "@/lib/export/docx/write-report-docx";
import type { ExportDocument } from "@/lib/export/export-types";
import { writeReportPdf } from "@/lib/export/pdf/write-report-pdf";

// What the streamed report PDF and DOCX hold while they are written, against the page count, without
// a database (pages come from a stand-in for db.page.findMany) so nothing but the writer is measured.
// The live heap (V8 heap used + external buffers) is read after a full collection every 20 chunks
// taken and at the end; the figure is its peak above the level before. Prints; asserts nothing.
// Run: npx vitest run --config bench/vitest.config.ts bench/export-memory.bench-run.ts

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

function pagesStandIn(pageCount: number): Db {
  const row = (pageNumber: number) => ({
    pageNumber,
    extractedText: `Invoice Number: INV-${pageNumber}\nCustomer: Acme Ltd\nDate: 2025-03-14\nItem  Qty  Price\nWidget  2  10.00`,
    structuredData: {
      key_value_pairs: [
        { key: "Invoice Number", value: `INV-${pageNumber}` },
        { key: "العميل", value: "شركة النور" },
      ],
      tables: [
        {
          rows: [
            ["Item", "Qty", "Price"],
            ["Widget", "2", "10.00"],
            ["Gadget", "1", "5.50"],
          ],
        },
      ],
    },
    status: "completed",
    error: null,
  });
  const findMany = async ({ where }: { where: { pageNumber: { gte: number; lt: number } } }) =>
    Array.from({ length: where.pageNumber.lt - where.pageNumber.gte }, (_, index) => where.pageNumber.gte + index)
      .filter((pageNumber) => pageNumber <= pageCount)
      .map(row);
  return { page: { findMany } } as unknown as Db;
}

function liveMegabytes(): number {
  gc();
  const usage = process.memoryUsage();
  return (usage.heapUsed + usage.external) / 1024 / 1024;
}

it("prints the live heap of streamed exports against the page count", async () => {
  for (const format of ["report PDF", "DOCX"] as const) {
    // The first, 2-page run loads the fonts and modules; its figure is not about pages.
    for (const pageCount of [2, 100, 800, 2000]) {
      const document: ExportDocument = {
        id: "document",
        batchId: "batch",
        fileName: "invoice.pdf",
        detectedType: "pdf",
        storageKey: "original",
        status: "completed",
        pageCount,
      };
      const options = { db: pagesStandIn(pageCount), documents: [document], overrides: new Map(), title: "Bench" };
      const before = liveMegabytes();
      let peak = before;
      let chunks = 0;
      let bytes = 0;
      const started = performance.now();
      for await (const chunk of format === "DOCX" ? writeReportDocx(options) : writeReportPdf(options)) {
        bytes += chunk.byteLength;
        if (++chunks % 20 === 0) peak = Math.max(peak, liveMegabytes());
      }
      peak = Math.max(peak, liveMegabytes());
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `${format.padEnd(10)} ${String(pageCount).padStart(5)} pages  ${seconds.toFixed(2).padStart(6)} s   live peak +${(peak - before).toFixed(1).padStart(5)} MB   output ${(bytes / 1024).toFixed(0)} KB`,
      );
    }
  }
});
