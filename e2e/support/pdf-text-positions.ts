import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** A run of text as a PDF reader finds it: where its baseline starts, 0–1 from the page's top-left. */
export interface PdfTextRun {
  text: string;
  x: number;
  baseline: number;
  width: number;
}

/** The text runs of one page of a PDF with their positions, read with pdfjs (what a reader's search and copy use). */
export async function pdfTextRuns(bytes: Uint8Array, pageNumber = 1): Promise<PdfTextRun[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const page = await pdf.getPage(pageNumber);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    return content.items.flatMap((item) => {
      if (!("str" in item) || !item.str.trim()) return [];
      const [x, y] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]);
      return [
        { text: item.str, x: x / viewport.width, baseline: y / viewport.height, width: item.width / viewport.width },
      ];
    });
  } finally {
    await pdf.destroy();
  }
}
