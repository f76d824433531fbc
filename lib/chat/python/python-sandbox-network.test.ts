import { createSocket, type Socket as UdpSocket } from "node:dgram";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PythonSandbox } from "./python-sandbox";
import type { SandboxIsolation } from "./sandbox-isolation";

// Real Pyodide children; a busy machine needs time to start them.
const slow = 180_000;

/** Local stand-ins that count whatever reaches them: TCP, UDP and a Unix socket. */
let tcp: Server;
let unix: Server;
let udp: UdpSocket;
let directory: string;
const reached = { tcp: 0, unix: 0, udp: 0 };
let tcpPort = 0;
let udpPort = 0;
let socketPath = "";

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "python-network-"));
  socketPath = path.join(directory, "service.sock");
  tcp = createServer((socket) => {
    reached.tcp++;
    socket.end("HTTP/1.0 200 OK\r\n\r\nsecret");
  });
  unix = createServer((socket) => {
    reached.unix++;
    socket.end("secret");
  });
  udp = createSocket("udp4").on("message", () => reached.udp++);
  await new Promise<void>((resolve) => tcp.listen(0, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => unix.listen(socketPath, resolve));
  await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
  tcpPort = (tcp.address() as { port: number }).port;
  udpPort = udp.address().port;
});
afterAll(async () => {
  await new Promise((resolve) => tcp.close(resolve));
  await new Promise((resolve) => unix.close(resolve));
  await new Promise<void>((resolve) => udp.close(() => resolve()));
  await rm(directory, { recursive: true, force: true });
});

/** Runs `code`, expecting it to fail, and that nothing reached any stand-in. */
async function refused(sandbox: PythonSandbox, code: string) {
  const before = { ...reached };
  const result = await sandbox.run(code);
  // A datagram or a connection could land just after the child ends.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(result.ok, `${code}\n→ ${JSON.stringify(result)}`).toBe(false);
  expect(reached, code).toEqual(before);
  expect(JSON.stringify(result)).not.toContain("secret");
  return result;
}

describe.each<[string, SandboxIsolation | undefined]>([
  ["behind the OS wall this machine allows", undefined],
  ["behind the JavaScript wall alone", "none"],
])("Python sandbox network, %s", (_, isolation) => {
  let sandbox: PythonSandbox;
  beforeAll(() => {
    sandbox = new PythonSandbox({ timeoutMs: 20_000, isolation });
    sandbox.prewarm();
  });
  afterAll(() => sandbox.dispose());

  it("still computes", { timeout: slow }, async () => {
    const result = await sandbox.run("import asyncio\nawait asyncio.sleep(0.01)\nprint('ok')\nsum(data) / len(data)", {
      data: [1, 2, 3, 4],
    });
    expect(result).toEqual({ ok: true, stdout: "ok\n", result: 2.5 });
  });

  it("refuses the socket built from the class behind js.process.stdout", { timeout: slow }, async () => {
    await refused(
      sandbox,
      [
        "import js, asyncio",
        `s = js.process.stdout.constructor.new(); s.setEncoding("utf8"); s.connect(${tcpPort}, "127.0.0.1")`,
        `await asyncio.sleep(0.5); s.write("GET /debug-version HTTP/1.0\\r\\n\\r\\n")`,
        "await asyncio.sleep(0.5)",
      ].join("\n"),
    );
  });

  it("reaches no Node object from anything Python can see", { timeout: slow }, async () => {
    // Walks every JavaScript object reachable from the `js` and `pyodide_js` modules and from every
    // JavaScript value held anywhere in Python's heap, and names those that lead to Node.
    const result = await sandbox.run(`
import gc, sys
from pyodide.ffi import JsProxy
roots = []
for name in ("js", "pyodide_js"):
    try:
        roots.append((name, __import__(name)))
    except ImportError:
        pass
for holder in gc.get_objects():
    if isinstance(holder, dict):
        roots += [("heap." + str(key), value) for key, value in list(holder.items()) if isinstance(value, JsProxy)]
node_names = {"process", "require", "getBuiltinModule", "Buffer", "_handle", "_readableState", "binding"}
found, seen, queue = [], set(), list(roots)
while queue and len(seen) < 4000 and not found:
    where, value = queue.pop(0)
    try:
        key = value.js_id
    except Exception:
        continue
    if key in seen or where.count(".") > 4:
        continue
    seen.add(key)
    try:
        names = [name for name in dir(value) if not name.startswith("__")]
    except Exception:
        continue
    for name in names:
        if name in node_names:
            found.append(where + "." + name)
            continue
        try:
            inner = getattr(value, name)
        except Exception:
            continue
        if isinstance(inner, JsProxy):
            queue.append((where + "." + name, inner))
if found:
    raise RuntimeError("Node reachable at " + ", ".join(sorted(found)[:20]))
len(seen)
`);
    expect(result.error ?? "").toBe("");
    expect(result.ok).toBe(true);
  });

  it("opens no Unix socket and resolves no host name", { timeout: slow }, async () => {
    await refused(
      sandbox,
      `import js, asyncio\ns = js.process.stdout.constructor.new()\ns.connect(${JSON.stringify(socketPath)})\nawait asyncio.sleep(0.5)`,
    );
    await refused(
      sandbox,
      `import js, asyncio\ns = js.process.stdout.constructor.new()\ns.connect(${tcpPort}, "localhost")\nawait asyncio.sleep(0.5)`,
    );
  });

  it(
    "connects no Python socket, TCP or UDP, even with Pyodide's Node sockets asked for",
    { timeout: slow },
    async () => {
      await refused(
        sandbox,
        `import pyodide_js\nawait pyodide_js.useNodeSockFS()\nimport socket\nc = socket.create_connection(("127.0.0.1", ${tcpPort}), timeout=2)\nc.sendall(b"GET / HTTP/1.0\\r\\n\\r\\n")\nc.recv(100)`,
      );
      await refused(
        sandbox,
        `import socket\nu = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\nu.sendto(b"x", ("127.0.0.1", ${udpPort}))\nu.recv(10)`,
      );
    },
  );

  it("has no HTTP client: pyodide.http, fetch, XMLHttpRequest, a raw request", { timeout: slow }, async () => {
    const url = `http://127.0.0.1:${tcpPort}/`;
    for (const code of [
      `from pyodide.http import pyfetch\nawait pyfetch(${JSON.stringify(url)})`,
      `from pyodide.http import open_url\nopen_url(${JSON.stringify(url)}).read()`,
      `import js\nawait js.fetch(${JSON.stringify(url)})`,
      `import js\nx = js.XMLHttpRequest.new()\nx.open("GET", ${JSON.stringify(url)}, False)\nx.send()`,
      `import urllib.request\nurllib.request.urlopen(${JSON.stringify(url)}, timeout=2).read()`,
      `import js, asyncio\ns = js.process.stdin.constructor.new()\ns.connect(${tcpPort}, "127.0.0.1")\nawait asyncio.sleep(0.3)\ns.write("GET / HTTP/1.0\\r\\n\\r\\n")\nawait asyncio.sleep(0.3)`,
    ])
      await refused(sandbox, code);
  });
});
