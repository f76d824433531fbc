import { defaultImageDpi } from "../read-options";
import { openPdf } from "./load-pdf";
import { renderPdfPage } from "./render-pdf-page";

/** One page of a PDF as the viewer's PNG (at `dpi`, 110 by default), the picture reading would have made of it. */
export async function pdfPageImage(bytes: Buffer, pageNumber: number, dpi = defaultImageDpi): Promise<Buffer> {
  const document = await openPdf(bytes);
  try {
    const page = await document.getPage(pageNumber);
    try {
      return (await renderPdfPage(page, dpi)).png;
    } finally {
      page.cleanup();
    }
  } finally {
    await document.loadingTask.destroy();
  }
}
