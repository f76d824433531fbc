import { PDFDocument } from "pdf-lib";

/**
 * A PDF holding only the given pages (1-based, in order), so a chunk of a long document is read
 * without the others. The text layer, fonts and images of those pages are copied as they are.
 */
export async function splitPdfPages(bytes: Buffer, pageNumbers: number[]): Promise<Buffer> {
  const source = await PDFDocument.load(bytes, { updateMetadata: false });
  const target = await PDFDocument.create();
  const copied = await target.copyPages(
    source,
    pageNumbers.map((pageNumber) => pageNumber - 1),
  );
  for (const page of copied) target.addPage(page);
  return Buffer.from(await target.save({ useObjectStreams: false }));
}
