// Runs ONE Python execution in Pyodide, in a Node process that python-sandbox.ts starts with the
// permission model (reads only under the pyodide package and this file; no writes, child processes,
// workers or addons; no code generated from strings) and an empty environment. Before the user's code
// runs, the ways from JavaScript to the network, to other modules and to other processes are removed.
// Protocol: "ready" once Pyodide is loaded, then one JSON request line in ({code, data}), one JSON
// result line out. Started with "--make-snapshot", the child first sends {"snapshot": base64} — Pyodide's
// memory after start-up and the imports below, taken before any user code — which later children get as
// a file path (readable to them alone) and load in about a seventh of the time.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";

const indexURL = process.argv[2];
const snapshotArgument = process.argv[3];
const writeLine = process.stdout.write.bind(process.stdout);
const write = (message) => writeLine(`${JSON.stringify(message)}\n`);

// Pyodide's NODEFS asks process.binding("constants"), which the permission model refuses.
const binding = process.binding;
process.binding = (name) => (name === "constants" ? { os: {}, fs: {} } : binding.call(process, name));

const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const makeSnapshot = snapshotArgument === "--make-snapshot";
const pyodide = await loadPyodide({
  indexURL,
  stdout: () => {},
  stderr: () => {},
  ...(makeSnapshot ? { _makeSnapshot: true } : {}),
  ...(snapshotArgument && !makeSnapshot ? { _loadSnapshot: await readFile(snapshotArgument) } : {}),
});
// Imported while the child waits warm, so a calculation does not pay for them (a snapshot has them).
pyodide.runPython("import json, math, statistics, decimal, datetime, re, collections, itertools, csv");
if (makeSnapshot) write({ snapshot: Buffer.from(pyodide.makeMemorySnapshot()).toString("base64") });

// Python reaches every JavaScript global through `import js`: take away what leads outside.
const refused = () => {
  throw new Error("not available in the Python sandbox");
};
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
for (const name of ["fetch", "WebSocket", "EventSource", "XMLHttpRequest", "Request", "Worker", "SharedWorker"])
  delete globalThis[name];

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
