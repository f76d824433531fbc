// The JavaScript wall of the Python sandbox: every Node module that opens a connection or resolves a
// name refuses from here on, in this process. The OS wall (network-jail.sh) is the one that holds
// whatever runs; this one stands where the OS offers none and behind it where it does.
import dgram from "node:dgram";
import dns from "node:dns";
import http from "node:http";
import http2 from "node:http2";
import https from "node:https";
import net from "node:net";
import tls from "node:tls";

function refused() {
  throw new Error("the network is not available in the Python sandbox");
}

/** Replaces the named functions of an object (those it has) with `refused`. */
function close(target, names) {
  for (const name of names) if (target && typeof target[name] === "function") target[name] = refused;
}

/** Every function an object has of its own, for modules that are nothing but network calls. */
const functionsOf = (target) => Object.keys(target).filter((name) => typeof target[name] === "function");

export function closeNetwork() {
  // stdin and stdout are pipes the runner still needs: made now, before their class is closed.
  const stdio = [process.stdin, process.stdout, process.stderr];
  close(net, ["connect", "createConnection", "createServer", "_createServerHandle"]);
  close(net.Socket.prototype, ["connect"]);
  close(net.Server.prototype, ["listen"]);
  // The native handle classes behind the stdio streams (Pipe, TTY) are reachable from them.
  for (const stream of stdio)
    close(Object.getPrototypeOf(stream._handle ?? {}), ["connect", "bind", "listen", "open", "bind6", "connect6"]);
  close(dgram, ["createSocket"]);
  close(dgram.Socket.prototype, ["bind", "connect", "send"]);
  close(
    dns,
    functionsOf(dns).filter((name) => name !== "Resolver"),
  );
  close(
    dns.promises,
    functionsOf(dns.promises).filter((name) => name !== "Resolver"),
  );
  close(
    dns.Resolver.prototype,
    Object.getOwnPropertyNames(dns.Resolver.prototype).filter((name) => name !== "constructor"),
  );
  close(
    dns.promises.Resolver.prototype,
    Object.getOwnPropertyNames(dns.promises.Resolver.prototype).filter((name) => name !== "constructor"),
  );
  close(tls, ["connect", "createServer"]);
  close(tls.TLSSocket.prototype, ["connect"]);
  for (const client of [http, https]) {
    close(client, ["request", "get", "createServer"]);
    close(client.Agent.prototype, ["createConnection"]);
  }
  close(http2, ["connect", "createServer", "createSecureServer"]);
  for (const name of ["fetch", "WebSocket", "EventSource", "XMLHttpRequest", "Request", "Worker", "SharedWorker"])
    delete globalThis[name];
}
