import type { WebSession } from "./web-sessions";

export interface WebPageCapture {
  pdf: Buffer;
  html: string;
  screenshot: Buffer;
  title: string;
  url: string;
}

// Chromium cannot capture taller images; a longer page keeps its top in the screenshot (the PDF has all).
const MAX_SCREENSHOT_HEIGHT = 16_000;

/** The open page as the browser prints it (PDF with backgrounds), its HTML and a full-page screenshot. */
export async function captureWebPage(session: WebSession): Promise<WebPageCapture> {
  const { page } = session;
  const height = await page.evaluate(() =>
    Math.max(document.documentElement.scrollHeight, document.body?.scrollHeight ?? 0),
  );
  const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
  const screenshot =
    height > MAX_SCREENSHOT_HEIGHT
      ? await page.screenshot({
          type: "png",
          fullPage: true,
          clip: { x: 0, y: 0, width: viewport.width, height: MAX_SCREENSHOT_HEIGHT },
        })
      : await page.screenshot({ type: "png", fullPage: true });
  const pdf = await page.pdf({
    format: "A4",
    printBackground: true,
    margin: { top: "12mm", bottom: "12mm", left: "10mm", right: "10mm" },
  });
  return { pdf, html: await page.content(), screenshot, title: await page.title(), url: page.url() };
}
