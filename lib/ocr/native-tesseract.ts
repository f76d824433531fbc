import { spawn } from "node:child_process";

// One recognition by the native tesseract binary, the way ocrmypdf drives it: a process per image,
// the image on stdin, TSV on stdout. Starting the process and loading the fast model costs ~0.1 s,
// little beside a page's seconds, and a process that overruns can simply be killed. One OpenMP
// thread each: the pool already runs one process per core.

export interface NativeRecognition {
  binary: string;
  /** Any format leptonica reads from memory (the pipeline sends PGM). */
  image: Buffer;
  /** Folder holding <lang>.traineddata for every language. */
  dataDir: string;
  /** Languages joined with + ("eng"). */
  languages: string;
  /** Tesseract variables, as tesseract.js's setParameters takes them. */
  params: Record<string, string | number>;
  /** Kills the process when aborted. */
  signal?: AbortSignal;
}

/** Command-line arguments for `params`: page segmentation has its own flag, every other variable goes through -c. */
export function nativeArguments(recognition: Pick<NativeRecognition, "dataDir" | "languages" | "params">): string[] {
  const { tessedit_pageseg_mode: pageSegmentation, ...variables } = recognition.params;
  return [
    "stdin",
    "stdout",
    "--tessdata-dir",
    recognition.dataDir,
    "-l",
    recognition.languages,
    "--oem",
    "1",
    ...(pageSegmentation === undefined ? [] : ["--psm", String(pageSegmentation)]),
    // The `tsv` config file lives in the system's tessdata folder, which --tessdata-dir replaces.
    ...Object.entries({ ...variables, tessedit_create_tsv: 1 }).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
  ];
}

/** Tesseract's TSV for the image (words with boxes, confidences and their block/paragraph/line numbers). */
export function recognizeTsvNatively(recognition: NativeRecognition): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(recognition.binary, nativeArguments(recognition), {
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, OMP_THREAD_LIMIT: "1" },
      signal: recognition.signal,
      killSignal: "SIGKILL",
    });
    const stdout: Buffer[] = [];
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    // A process killed before reading all of stdin breaks the pipe; its exit is what reports.
    child.stdin.on("error", () => undefined);
    child.on("close", (code, signal) => {
      if (code === 0) resolve(Buffer.concat(stdout).toString("utf8"));
      else
        reject(
          new Error(
            `tesseract exited with ${signal ?? `code ${code}`}: ${stderr.trim().split("\n").slice(-3).join(" ")}`,
          ),
        );
    });
    child.stdin.end(recognition.image);
  });
}
