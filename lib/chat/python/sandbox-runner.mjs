// Runs ONE Python execution in Pyodide, in a Node process that python-sandbox.ts starts with the
// permission model (reads only under the pyodide package and this file; no writes, child processes,
// workers or addons; no code generated from strings), an empty environment and, where the OS allows,
// inside network-jail.sh (no network at all, a root holding only what the child needs).
// Python sees no Node object: its `js` module is a bare object made here and its `pyodide_js` module a
// small facade, so nothing in the interpreter leads to `process`, a stream or a socket class. The Node
// modules that reach the network are closed as well, a second wall should an object leak through.
// Protocol: "ready" once Pyodide is loaded, then one JSON request line in ({code, data}), one JSON
// result line out. Started with "--make-snapshot", the child first sends {"snapshot": base64} — Pyodide's
// memory after start-up and the imports below, taken before any user code — which later children get as
// a file path (readable to them alone) and load in about a seventh of the time.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { closeNetwork } from "./close-network.mjs";

const indexURL = process.argv[2];
const snapshotArgument = process.argv[3];
const writeLine = process.stdout.write.bind(process.stdout);
const write = (message) => writeLine(`${JSON.stringify(message)}\n`);

// Pyodide's NODEFS asks process.binding("constants"), which the permission model refuses.
const binding = process.binding;
process.binding = (name) => (name === "constants" ? { os: {}, fs: {} } : binding.call(process, name));

/**
 * What Python's `js` module is: plain values and timers that answer numbers, never a Node object.
 * The same shape in every child, since a memory snapshot records paths into it.
 */
function pythonGlobals() {
  const timers = new Map();
  let next = 0;
  const start =
    (schedule) =>
    (callback, ms, ...rest) => {
      const id = ++next;
      timers.set(
        id,
        schedule(() => (schedule === setTimeout && timers.delete(id), callback(...rest)), ms),
      );
      return id;
    };
  const stop = (cancel) => (id) => {
    cancel(timers.get(id));
    timers.delete(id);
  };
  const globals = Object.create(null);
  for (const name of ["Object", "Array", "Map", "Set", "JSON", "Math", "Date", "Number", "String", "Boolean"])
    globals[name] = globalThis[name];
  for (const name of ["Error", "TypeError", "RangeError", "Promise", "Uint8Array", "Float64Array", "ArrayBuffer"])
    globals[name] = globalThis[name];
  globals.setTimeout = start(setTimeout);
  globals.setInterval = start(setInterval);
  globals.clearTimeout = stop(clearTimeout);
  globals.clearInterval = stop(clearInterval);
  return globals;
}

const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const makeSnapshot = snapshotArgument === "--make-snapshot";
const pyodide = await loadPyodide({
  indexURL,
  jsglobals: pythonGlobals(),
  stdout: () => {},
  stderr: () => {},
  ...(makeSnapshot ? { _makeSnapshot: true } : {}),
  ...(snapshotArgument && !makeSnapshot ? { _loadSnapshot: await readFile(snapshotArgument) } : {}),
});
// Imported while the child waits warm, so a calculation does not pay for them (a snapshot has them).
pyodide.runPython("import json, math, statistics, decimal, datetime, re, collections, itertools, csv, asyncio");
if (makeSnapshot) write({ snapshot: Buffer.from(pyodide.makeMemorySnapshot()).toString("base64") });

// `pyodide_js` is Pyodide's whole API (its Emscripten module, file systems, Node sockets): Python gets a
// facade with the two things Pyodide's own asyncio loop reads from it.
const { scheduleCallback } = pyodide._api;
pyodide.unregisterJsModule("pyodide_js");
pyodide.registerJsModule("pyodide_js", {
  _api: { scheduleCallback, config: { enableRunUntilComplete: true } },
  loadedPackages: {},
});
pyodide.runPython(`
import sys
del sys.modules["pyodide_js"]
del sys
`);
for (const name of ["useNodeSockFS", "mountNodeFS", "mountNativeFS"]) pyodide[name] = refused;
closeNetwork();

function refused() {
  throw new Error("not available in the Python sandbox");
}
// Python has no way to these any more; taken away too in case one is reached all the same.
for (const name of [
  "getBuiltinModule",
  "binding",
  "_linkedBinding",
  "dlopen",
  "kill",
  "chdir",
  "setuid",
  "setgid",
  "seteuid",
  "setegid",
  "setgroups",
  "initgroups",
]) {
  if (name in process) process[name] = refused;
}

write({ ready: true });

const maxOutputChars = 20_000;
const lines = createInterface({ input: process.stdin });
let started = false;
lines.once("line", async (line) => {
  started = true;
  const { code, data } = JSON.parse(line);
  let stdout = "";
  const collect = (text) => {
    if (stdout.length < maxOutputChars) stdout += `${text}\n`;
  };
  pyodide.setStdout({ batched: collect });
  pyodide.setStderr({ batched: collect });
  try {
    pyodide.globals.set("data", pyodide.toPy(data ?? null));
    const value = await pyodide.runPythonAsync(code);
    let result = value ?? null;
    if (result !== null && typeof result === "object") {
      const converted =
        typeof result.toJs === "function" ? result.toJs({ dict_converter: Object.fromEntries }) : result;
      result = JSON.parse(
        JSON.stringify(converted, (_, inner) => (typeof inner === "bigint" ? Number(inner) : inner)) ?? "null",
      );
    }
    write({ ok: true, stdout: stdout.slice(0, maxOutputChars), result });
  } catch (error) {
    write({ ok: false, stdout: stdout.slice(0, maxOutputChars), error: String(error?.message ?? error).slice(-4000) });
  }
  process.exit(0);
});
// The parent went away before sending work: nothing more will come.
lines.once("close", () => {
  if (!started) process.exit(0);
});
