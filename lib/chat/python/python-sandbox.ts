import { spawn, type ChildProcessByStdio } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { detectIsolation, jailedCommand, type SandboxIsolation } from "./sandbox-isolation";

export interface PythonResult {
  ok: boolean;
  stdout: string;
  /** The value of the code's last expression, as JSON. */
  result?: unknown;
  error?: string;
}

export interface PythonSandboxOptions {
  /** Wall time of one execution before SIGKILL. */
  timeoutMs?: number;
  /** Resident memory of the child before SIGKILL. */
  memoryMb?: number;
  /** How long Pyodide may take to load in a new child. */
  startTimeoutMs?: number;
  /** The OS wall to use; by default the strongest this machine allows (see sandbox-isolation.ts). */
  isolation?: SandboxIsolation;
}

type Child = ChildProcessByStdio<Writable, Readable, Readable>;
interface ReadyChild {
  child: Child;
  lines: AsyncIterator<string>;
}

const pyodideDir = () => path.join(process.cwd(), "node_modules", "pyodide") + path.sep;
const runnerDir = () => path.join(process.cwd(), "lib", "chat", "python");
const runnerPath = () => path.join(runnerDir(), "sandbox-runner.mjs");
/** The runner and the module it imports: all of the app's own code the child may read. */
const runnerFiles = () => [runnerPath(), path.join(runnerDir(), "close-network.mjs")];

/** The child's resident memory in MB, from /proc (0 where /proc is not available). */
async function residentMb(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Python through Pyodide, each execution in its own short-lived Node child started with the
 * permission model: reads only under the pyodide package and the runner, no writes, no child
 * processes, no code generation from strings, an empty environment; where the OS allows, in a network
 * namespace and a root of its own, so no socket opens whatever runs in it; SIGKILL on the time or
 * memory limit or when the caller aborts. One loaded child is kept warm, so a call does not wait for
 * Pyodide to start; every child runs one execution only, so nothing leaks between calls.
 */
export class PythonSandbox {
  private warm: Promise<ReadyChild> | null = null;
  /** Pyodide's memory after start-up, made by the first child, read by the later ones (see the runner). */
  private snapshotPath: string | null = null;
  /** Settles when the child making the snapshot is ready (or failed). */
  private snapshotting: Promise<void> | null = null;
  private readonly live = new Set<Child>();
  /** The OS wall and the empty directory the jail mounts its root on, settled before the first child. */
  private walls: Promise<{ isolation: SandboxIsolation; root: string }> | null = null;
  private readonly requestedIsolation: SandboxIsolation | undefined;
  private disposed = false;
  readonly timeoutMs: number;
  readonly memoryMb: number;
  readonly startTimeoutMs: number;

  constructor(options: PythonSandboxOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.memoryMb = options.memoryMb ?? 1024;
    this.startTimeoutMs = options.startTimeoutMs ?? 120_000;
    this.requestedIsolation = options.isolation;
  }

  /** The OS wall the children run behind (for health and the logs). */
  async isolation(): Promise<SandboxIsolation> {
    return (await this.prepareWalls()).isolation;
  }

  private prepareWalls(): Promise<{ isolation: SandboxIsolation; root: string }> {
    this.walls ??= (async () => {
      const root = await mkdtemp(path.join(tmpdir(), "docsvc-python-root-"));
      return { isolation: this.requestedIsolation ?? (await detectIsolation(root)), root };
    })();
    return this.walls;
  }

  /** Starts loading a child now, so the first execution finds it warm. */
  prewarm(): void {
    if (!this.warm && !this.disposed) {
      this.warm = this.startChild();
      // A failed start is reported to the execution that takes it.
      this.warm.catch(() => undefined);
    }
  }

  /** Resolves once a loaded child is waiting (benchmarks measure warm calls after it). */
  async whenWarm(): Promise<void> {
    this.prewarm();
    await this.warm;
  }

  /** The pids of children alive now (for tests that prove nothing is left behind). */
  get pids(): number[] {
    return [...this.live].flatMap((child) => (child.pid ? [child.pid] : []));
  }

  async run(code: string, options: { data?: unknown; signal?: AbortSignal } = {}): Promise<PythonResult> {
    if (this.disposed) throw new Error("The Python sandbox is shut down");
    this.prewarm();
    const taken = this.warm!;
    this.warm = null;
    this.prewarm();
    const { child, lines } = await taken;
    return this.execute(child, lines, code, options);
  }

  /** Kills every child, warm or running. */
  async dispose(): Promise<void> {
    this.disposed = true;
    for (const child of this.live) child.kill("SIGKILL");
    this.warm = null;
    if (this.snapshotPath) await rm(path.dirname(this.snapshotPath), { recursive: true, force: true });
    this.snapshotPath = null;
    const walls = await this.walls?.catch(() => null);
    if (walls) await rm(walls.root, { recursive: true, force: true });
    await Promise.all(
      [...this.live].map(
        (child) =>
          new Promise((resolve) =>
            child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once("exit", resolve),
          ),
      ),
    );
  }

  private spawnChild(isolation: SandboxIsolation, root: string): Child {
    const pyodide = pyodideDir();
    const runner = runnerPath();
    const snapshot = this.snapshotPath;
    const readable = [pyodide, ...runnerFiles(), ...(snapshot ? [snapshot] : [])];
    const { command, args, env } = jailedCommand({
      isolation,
      root,
      visible: [process.execPath, ...readable],
      command: process.execPath,
      args: [
        "--permission",
        ...readable.map((file) => `--allow-fs-read=${file}`),
        "--disallow-code-generation-from-strings",
        "--max-old-space-size=256",
        runner,
        pyodide,
        snapshot ?? "--make-snapshot",
      ],
    });
    const child = spawn(command, args, { env, stdio: ["pipe", "pipe", "pipe"] });
    this.live.add(child);
    child.once("exit", () => this.live.delete(child));
    // Unhandled errors (a spawn that fails, the child killed mid-write) would crash the server.
    child.once("error", () => undefined);
    child.stdin.on("error", () => undefined);
    return child;
  }

  private async startChild(): Promise<ReadyChild> {
    const { isolation, root } = await this.prepareWalls();
    // A child started while the first one makes the snapshot waits for it rather than load in parallel.
    if (!this.snapshotPath && this.snapshotting) await this.snapshotting;
    let snapshotSettled: (() => void) | undefined;
    if (!this.snapshotPath) this.snapshotting = new Promise<void>((resolve) => (snapshotSettled = resolve));
    const child = this.spawnChild(isolation, root);
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const timer = setTimeout(() => child.kill("SIGKILL"), this.startTimeoutMs);
    try {
      let first = await lines.next();
      if (!first.done && first.value.startsWith('{"snapshot"')) {
        await this.keepSnapshot((JSON.parse(first.value) as { snapshot: string }).snapshot);
        first = await lines.next();
      }
      if (first.done || !first.value.includes('"ready"'))
        throw new Error(`Python could not start: ${stderr.trim() || "the sandbox exited"}`);
      return { child, lines };
    } finally {
      clearTimeout(timer);
      if (snapshotSettled) {
        this.snapshotting = null;
        snapshotSettled();
      }
    }
  }

  /** Writes the first child's snapshot where only the sandbox's children are allowed to read it. */
  private async keepSnapshot(base64: string): Promise<void> {
    if (this.snapshotPath || this.disposed) return;
    const directory = await mkdtemp(path.join(tmpdir(), "docsvc-pyodide-"));
    const file = path.join(directory, "memory.snapshot");
    await writeFile(file, Buffer.from(base64, "base64"), { mode: 0o600 });
    this.snapshotPath = file;
  }

  private async execute(
    child: Child,
    lines: AsyncIterator<string>,
    code: string,
    options: { data?: unknown; signal?: AbortSignal },
  ): Promise<PythonResult> {
    let killedFor: string | null = null;
    const kill = (reason: string) => {
      killedFor ??= reason;
      child.kill("SIGKILL");
    };
    const timer = setTimeout(
      () => kill(`Python ran longer than ${this.timeoutMs / 1000} s and was stopped.`),
      this.timeoutMs,
    );
    const watch = setInterval(() => {
      void residentMb(child.pid!).then((mb) => {
        if (mb > this.memoryMb) kill(`Python used more than ${this.memoryMb} MB of memory and was stopped.`);
      });
    }, 100);
    const onAbort = () => kill("The request was cancelled.");
    options.signal?.addEventListener("abort", onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    const exited = new Promise<void>((resolve) =>
      child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve()),
    );
    try {
      child.stdin.write(`${JSON.stringify({ code, data: options.data ?? null })}\n`);
      const line = await lines.next();
      if (killedFor || line.done)
        return {
          ok: false,
          stdout: "",
          error: killedFor ?? "Python stopped without an answer (it may have run out of memory).",
        };
      return JSON.parse(line.value) as PythonResult;
    } finally {
      clearTimeout(timer);
      clearInterval(watch);
      options.signal?.removeEventListener("abort", onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    }
  }
}

let shared: PythonSandbox | null = null;

/** The process's sandbox, with one child loading as soon as chat first needs Python. */
export function getPythonSandbox(): PythonSandbox {
  shared ??= new PythonSandbox();
  shared.prewarm();
  return shared;
}
