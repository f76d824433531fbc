import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { getConfig, type Config } from "@/lib/config";

// Which engine reads. A remote service when OCR_SERVICE_URL is set; otherwise native Tesseract
// (Debian's tesseract-ocr, the same LSTM and model data as tesseract.js, without WebAssembly's
// 1.6–1.9× cost) when its binary runs, else the embedded tesseract.js. Chosen once per
// configuration: a binary found at start is the one every page is read with.

export type LocalOcrEngine = "tesseract" | "tesseract.js";
export type OcrEngine = LocalOcrEngine | "remote";

export const nativeTesseractInstallHint =
  "Install Tesseract (Debian/Ubuntu: apt-get install tesseract-ocr), set TESSERACT_PATH, or set OCR_ENGINE=wasm";

interface EngineChoice {
  engine: LocalOcrEngine;
  /** The native binary, when it reads. */
  binary?: string;
}

const choices = new WeakMap<Config, EngineChoice>();

/** The tesseract binary named by TESSERACT_PATH or found on PATH, if it starts and reports a version of 4 or later (the LSTM). */
export function findNativeTesseract(configured = getConfig().TESSERACT_PATH): string | undefined {
  const candidates = configured
    ? [configured]
    : (process.env.PATH ?? "")
        .split(path.delimiter)
        .filter(Boolean)
        .map((folder) => path.join(folder, "tesseract"));
  const binary = candidates.find((candidate) => existsSync(candidate));
  if (!binary) return undefined;
  const probe = spawnSync(binary, ["--version"], { encoding: "utf8", timeout: 10_000 });
  const major = /tesseract v?(\d+)\./i.exec(`${probe.stdout}${probe.stderr}`)?.[1];
  return probe.status === 0 && Number(major) >= 4 ? binary : undefined;
}

function chooseEngine(config: Config): EngineChoice {
  if (config.OCR_ENGINE === "wasm") return { engine: "tesseract.js" };
  const binary = findNativeTesseract(config.TESSERACT_PATH);
  // OCR_ENGINE=native without a binary still names the native engine: reading fails with the hint
  // (and the health check reports it) rather than silently running the slower engine.
  if (binary || config.OCR_ENGINE === "native") return { engine: "tesseract", binary };
  return { engine: "tesseract.js" };
}

function engineChoice(): EngineChoice {
  const config = getConfig();
  let choice = choices.get(config);
  if (!choice) {
    choice = chooseEngine(config);
    choices.set(config, choice);
  }
  return choice;
}

/** The engine that reads pages locally (ignores OCR_SERVICE_URL). */
export function localOcrEngine(): LocalOcrEngine {
  return engineChoice().engine;
}

/** The native binary; throws with the install hint when OCR_ENGINE=native found none. */
export function nativeTesseractBinary(): string {
  const { binary } = engineChoice();
  if (!binary) throw new Error(`OCR_ENGINE=native but no working tesseract was found. ${nativeTesseractInstallHint}`);
  return binary;
}

export function currentOcrEngine(): OcrEngine {
  return getConfig().OCR_SERVICE_URL ? "remote" : localOcrEngine();
}
