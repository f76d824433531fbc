import { makeDocx } from "@/lib/documents/testing/make-office-files";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { renderTextImage } from "@/lib/documents/testing/render-text-image";

/** The three kinds of input a batch sees: a digital PDF, a scanned image and a DOCX, small and known. */
export async function sampleBatchFiles(): Promise<File[]> {
  const pdf = await makeTextPdf([
    ["Invoice Number: INV-2041", "Total: 120.50 EUR"],
    ["Page two of the invoice", "Date: 2025-03-14"],
  ]);
  const png = await renderTextImage(["Receipt 7731", "Amount 42.00"], { fontSize: 40 });
  const docx = await makeDocx({
    heading: "Quarterly report",
    paragraphs: ["Revenue grew in every region."],
    table: [
      ["Region", "Sales"],
      ["North", "100"],
    ],
  });
  return [
    new File([new Uint8Array(pdf)], "invoice.pdf", { type: "application/pdf" }),
    new File([new Uint8Array(png)], "scan.png", { type: "image/png" }),
    new File([new Uint8Array(docx)], "report.docx"),
  ];
}
