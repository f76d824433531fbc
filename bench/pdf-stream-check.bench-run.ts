import { it } from "vitest";
import { assertPdfStreamsBounded } from "@/lib/documents/pdf/check-pdf-streams";
import { inflatingPdf } from "@/lib/documents/testing/make-hostile-files";
import { makeImagePdf, makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { proseLines, renderTextImage } from "@/lib/documents/testing/render-text-image";

// What the check of a PDF's streams before parsing (lib/documents/pdf/check-pdf-streams.ts) costs:
// on bombs it refuses, and on ordinary PDFs it lets through. Prints figures, asserts nothing.
// Run: npx vitest run --config bench/vitest.config.ts bench/pdf-stream-check.bench-run.ts

function timeCheck(label: string, bytes: Buffer): void {
  const rounds = 5;
  const times: number[] = [];
  let outcome = "accepted";
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    try {
      assertPdfStreamsBounded(bytes);
    } catch {
      outcome = "refused";
    }
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(48)} ${(bytes.length / 1024).toFixed(0).padStart(7)} KB  ${outcome.padEnd(8)}  median ${times[2].toFixed(1).padStart(7)} ms`,
  );
}

it("prints the cost of checking PDF streams", async () => {
  timeCheck("content stream inflating to 2 GB (2 layers)", inflatingPdf(2048));
  timeCheck("object stream inflating to 512 MB (2 layers)", inflatingPdf(512, { inObjectStream: true }));
  timeCheck("content stream inflating to 120 MB (1 layer)", inflatingPdf(120, { layers: 1 }));
  const pages = Array.from({ length: 200 }, (_, page) => proseLines(40, 80, page + 1));
  timeCheck("200-page text PDF", await makeTextPdf(pages));
  const scans = [];
  for (let page = 1; page <= 20; page++) scans.push(await renderTextImage(proseLines(30, 60, page), { fontSize: 32 }));
  timeCheck("20-page scanned PDF (image streams skipped)", await makeImagePdf(scans));
});
