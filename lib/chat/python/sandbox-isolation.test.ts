import { spawn } from "node:child_process";
import { createSocket, type Socket as UdpSocket } from "node:dgram";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectIsolation, jailedCommand, type SandboxIsolation } from "./sandbox-isolation";

// Stand-ins that count what reaches them, and a script with all of Node's powers (no permission model,
// no JavaScript wall) that tries every way out: what the OS wall must hold on its own.
let tcp: Server;
let unix: Server;
let udp: UdpSocket;
let directory: string;
let root: string;
let isolation: SandboxIsolation;
const reached = { tcp: 0, unix: 0, udp: 0 };

beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "python-jail-"));
  root = await mkdtemp(path.join(tmpdir(), "python-jail-root-"));
  tcp = createServer((socket) => (reached.tcp++, socket.destroy()));
  unix = createServer((socket) => (reached.unix++, socket.destroy()));
  udp = createSocket("udp4").on("message", () => reached.udp++);
  await new Promise<void>((resolve) => tcp.listen(0, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => unix.listen(path.join(directory, "service.sock"), resolve));
  await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
  isolation = await detectIsolation(root);
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => tcp.close(resolve));
  await new Promise((resolve) => unix.close(resolve));
  await new Promise<void>((resolve) => udp.close(() => resolve()));
  await rm(directory, { recursive: true, force: true });
  await rm(root, { recursive: true, force: true });
});

const escapeScript = (tcpPort: number, udpPort: number, socketPath: string) => `
const net = require("node:net"), dgram = require("node:dgram"), dns = require("node:dns"), fs = require("node:fs");
const attempt = (name, run) =>
  Promise.race([run(), new Promise((_, reject) => setTimeout(reject, 5000, { code: "no answer in 5 s" }))]).then(
    () => [name, "reached"],
    (error) => [name, error.code ?? String(error)],
  );
const connect = (options) => () => new Promise((resolve, reject) => net.connect(options, resolve).on("error", reject));
Promise.all([
  attempt("tcp", connect({ port: ${tcpPort}, host: "127.0.0.1" })),
  attempt("tcp by name", connect({ port: ${tcpPort}, host: "localhost" })),
  attempt("unix", connect({ path: ${JSON.stringify(socketPath)} })),
  attempt("udp", () => new Promise((resolve, reject) => dgram.createSocket("udp4").send("x", ${udpPort}, "127.0.0.1", (e) => (e ? reject(e) : resolve())))),
  attempt("dns", () => dns.promises.resolve4("example.com")),
  attempt("fetch", () => fetch("http://127.0.0.1:${tcpPort}/")),
  attempt("socket file seen", async () => { fs.statSync(${JSON.stringify(socketPath)}); }),
]).then((results) => process.stdout.write(JSON.stringify(Object.fromEntries(results)), () => process.exit(0)));
`;

function runJailed(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const node = process.execPath;
  const { command, args, env } = jailedCommand({
    isolation,
    root,
    visible: [node],
    command: node,
    args: ["-e", script],
  });
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("the Python sandbox's OS wall", () => {
  it("is a namespace on this machine (root or unprivileged user namespaces)", () => {
    // The CI runs as root in a container that allows namespaces; elsewhere the log says which wall holds.
    expect(isolation).not.toBe("none");
  });

  it(
    "lets a child with all of Node's powers reach no TCP, UDP, Unix socket, DNS or HTTP",
    { timeout: 60_000 },
    async () => {
      const tcpPort = (tcp.address() as { port: number }).port;
      const udpPort = udp.address().port;
      const { code, stdout, stderr } = await runJailed(
        escapeScript(tcpPort, udpPort, path.join(directory, "service.sock")),
      );
      expect(code, stderr).toBe(0);
      const results = JSON.parse(stdout) as Record<string, string>;
      expect(Object.keys(results)).toHaveLength(7);
      for (const [name, outcome] of Object.entries(results)) expect(outcome, name).not.toBe("reached");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(reached).toEqual({ tcp: 0, unix: 0, udp: 0 });
    },
  );

  it("runs the same script outside the wall, where it does reach the stand-ins", { timeout: 60_000 }, async () => {
    // Proves the probe above can succeed, so its failure inside the wall means something.
    const tcpPort = (tcp.address() as { port: number }).port;
    const udpPort = udp.address().port;
    const child = spawn(process.execPath, ["-e", escapeScript(tcpPort, udpPort, path.join(directory, "service.sock"))]);
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    await new Promise((resolve) => child.once("exit", resolve));
    const results = JSON.parse(stdout) as Record<string, string>;
    expect(results).toMatchObject({ tcp: "reached", unix: "reached", udp: "reached", "socket file seen": "reached" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reached.tcp).toBeGreaterThan(0);
    expect(reached.unix).toBe(1);
    reached.tcp = reached.unix = reached.udp = 0;
  });
});
