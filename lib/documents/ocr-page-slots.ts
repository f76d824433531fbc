import { ocrPoolSize } from "@/lib/ocr/tesseract-pool";

// Pages being prepared for or read by OCR, across every document this process reads at once. One
// more than there are OCR workers keeps each worker fed (the next page is decoded and normalised
// while they read) without decoding a page per chunk and per request ahead of them: that only
// adds 300-DPI pixel buffers in memory and delays the page a person is waiting for. Kept on
// globalThis, as the pool is: the server's bundles would otherwise each hold their own slots.

interface SlotState {
  active: number;
  waiting: Array<() => void>;
}

const globalKey = Symbol.for("docsvc.ocrPageSlots");
type GlobalWithSlots = typeof globalThis & { [globalKey]?: SlotState };

function slots(): SlotState {
  const holder = globalThis as GlobalWithSlots;
  holder[globalKey] ??= { active: 0, waiting: [] };
  return holder[globalKey];
}

/** Runs `work` (decode, OCR and picture of one page) when a slot is free, in the order asked. */
export async function withOcrPageSlot<T>(work: () => Promise<T>): Promise<T> {
  const state = slots();
  if (state.active >= ocrPoolSize() + 1) await new Promise<void>((resolve) => state.waiting.push(resolve));
  else state.active++;
  try {
    return await work();
  } finally {
    const next = state.waiting.shift();
    // The slot passes straight to the next page waiting, so a newcomer cannot overtake it.
    if (next) next();
    else state.active--;
  }
}
