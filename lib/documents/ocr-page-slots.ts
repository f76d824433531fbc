import { ocrPoolSize } from "@/lib/ocr/tesseract-pool";

// Pages being prepared for or read by OCR, across every document this process reads at once. One
// more than there are OCR workers keeps each worker fed (the next page is decoded and normalised
// while they read) without decoding a page per chunk and per request ahead of them: that only
// adds 300-DPI pixel buffers in memory and delays the page a person is waiting for.

let active = 0;
const waiting: Array<() => void> = [];

function limit(): number {
  return ocrPoolSize() + 1;
}

/** Runs `work` (decode, OCR and picture of one page) when a slot is free, in the order asked. */
export async function withOcrPageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (active >= limit()) await new Promise<void>((resolve) => waiting.push(resolve));
  else active++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // The slot passes straight to the next page waiting, so a newcomer cannot overtake it.
    if (next) next();
    else active--;
  }
}
