import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PythonSandbox } from "./python-sandbox";

// Pyodide loads in a few seconds on an idle machine; a busy one needs more.
const slow = 120_000;
let sandbox: PythonSandbox;
let server: Server;
let connections = 0;
let port = 0;

beforeAll(async () => {
  sandbox = new PythonSandbox({ timeoutMs: 8000, memoryMb: 700 });
  sandbox.prewarm();
  server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await sandbox.dispose();
  await new Promise((resolve) => server.close(resolve));
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("PythonSandbox", () => {
  it("computes with the standard library, reads its data and prints", { timeout: slow }, async () => {
    const result = await sandbox.run(
      "import statistics\nprint('rows', len(data))\n{'mean': statistics.mean(data), 'total': sum(data)}",
      { data: [40, 80.5, 12] },
    );
    expect(result).toEqual({ ok: true, stdout: "rows 3\n", result: { mean: 44.166666666666664, total: 132.5 } });
  });

  it(
    "starts later children from the first child's memory snapshot, which only they may read",
    { timeout: slow },
    async () => {
      await sandbox.whenWarm();
      const [pid] = sandbox.pids;
      const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      const snapshot = args.at(-2) === "" ? args.at(-3) : args.at(-2);
      expect(snapshot).toMatch(/docsvc-pyodide-\w+\/memory\.snapshot$/);
      expect(args).toContain(`--allow-fs-read=${snapshot}`);
      // The snapshot holds the imports: a child from it computes with them at once.
      expect(await sandbox.run("statistics.mean([1, 2, 3]) + len(json.dumps(data))", { data: [1] })).toMatchObject({
        ok: true,
        result: 5,
      });
      // Readable to the children, not writable by them.
      expect((await sandbox.run(`open(${JSON.stringify(snapshot)}, "ab")`)).ok).toBe(false);
    },
  );

  it("cannot read files outside Pyodide, from Python or through Node", { timeout: slow }, async () => {
    const hostname = readFileSync("/etc/hostname", "utf8").trim();
    for (const code of [
      "open('/etc/hostname').read()",
      "import js\njs.process.getBuiltinModule('fs').readFileSync('/etc/hostname')",
      "import pyodide_js\nm = pyodide_js._module\nm.FS.mkdir('/host')\nm.FS.mount(m.FS.filesystems.NODEFS, {'root': '/etc'}, '/host')\nopen('/host/hostname').read()",
    ]) {
      const result = await sandbox.run(code);
      expect(result.ok, code).toBe(false);
      expect(JSON.stringify(result)).not.toContain(hostname);
    }
  });

  it("cannot start a process", { timeout: slow }, async () => {
    for (const code of [
      "import subprocess\nsubprocess.run(['id'])",
      "import os\nos.system('id')\nraise Exception('system returned')",
      "import js\njs.process.getBuiltinModule('child_process').execSync('id')",
    ]) {
      const result = await sandbox.run(code);
      expect(result.ok, code).toBe(false);
    }
  });

  it("cannot open a socket", { timeout: slow }, async () => {
    for (const code of [
      `import socket\nsocket.create_connection(('127.0.0.1', ${port}), timeout=2)`,
      `import js\nawait js.fetch('http://127.0.0.1:${port}/')`,
      `import js\njs.process.getBuiltinModule('net').connect(${port}, '127.0.0.1')`,
    ]) {
      const result = await sandbox.run(code);
      expect(result.ok, code).toBe(false);
    }
    expect(connections).toBe(0);
  });

  it("cannot escape through the Function constructor or eval", { timeout: slow }, async () => {
    for (const code of [
      // Python's `js` module has no Function or eval of its own: reached through a builtin instead.
      "import js\njs.Object.constructor.new('return process')()",
      "import js\njs.Object.constructor.constructor('return process')()",
    ]) {
      const result = await sandbox.run(code);
      expect(result.ok, code).toBe(false);
      expect(result.error).toMatch(/Code generation from strings disallowed/);
    }
    // Pyodide's run_js evaluates through the `js` module's eval, which Python's `js` does not have.
    const result = await sandbox.run("from pyodide.code import run_js\nrun_js('process.pid')");
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/cannot import name 'eval' from 'js'/) });
  });

  it("stops an endless loop with a clear error and leaves no process behind", { timeout: slow }, async () => {
    const before = sandbox.pids;
    const result = await sandbox.run("while True:\n    pass");
    expect(result).toMatchObject({ ok: false, error: "Python ran longer than 8 s and was stopped." });
    for (const pid of before) expect(alive(pid)).toBe(false);
  });

  it("refuses a 4 GB allocation with a clear error", { timeout: slow }, async () => {
    const result = await sandbox.run("blocks = [bytearray(1024 ** 3) for _ in range(4)]\nlen(blocks)");
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/MemoryError|more than 700 MB of memory/);
  });

  it("stops growing memory at the memory limit", { timeout: slow }, async () => {
    const result = await sandbox.run("chunks = []\nwhile True:\n    chunks.append(bytearray(50 * 1024 * 1024))");
    expect(result.ok).toBe(false);
    expect(result.error).toMatch(/more than 700 MB|MemoryError/);
  });

  it("stops when the caller aborts, killing the child", { timeout: slow }, async () => {
    const controller = new AbortController();
    const running = sandbox.run("while True:\n    pass", { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const pids = sandbox.pids;
    controller.abort();
    expect(await running).toMatchObject({ ok: false, error: "The request was cancelled." });
    // Only the next warm child may still be alive.
    expect(sandbox.pids.length).toBeLessThanOrEqual(1);
    expect(pids.filter(alive).length).toBeLessThanOrEqual(1);
  });
});
