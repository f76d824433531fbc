import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** A word as a PDF reader finds it: where its baseline starts (0–1 from the page's top-left), estimated within its line. */
export interface PdfTextRun {
  text: string;
  x: number;
  baseline: number;
  width: number;
}

/** The words of one page of a PDF with their positions, read with pdfjs (what a reader's search and copy use). */
export async function pdfTextRuns(bytes: Uint8Array, pageNumber = 1): Promise<PdfTextRun[]> {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  try {
    const pdf = await task.promise;
    const page = await pdf.getPage(pageNumber);
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    return content.items.flatMap((item) => {
      if (!("str" in item) || !item.str.trim()) return [];
      const [x, y] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]);
      // pdfjs joins the runs of a line into one item: its words are placed by their share of its characters.
      const perCharacter = item.width / viewport.width / item.str.length;
      return [...item.str.matchAll(/\S+/g)].map((match) => ({
        text: match[0],
        x: x / viewport.width + match.index * perCharacter,
        baseline: y / viewport.height,
        width: match[0].length * perCharacter,
      }));
    });
  } finally {
    await task.destroy();
  }
}
