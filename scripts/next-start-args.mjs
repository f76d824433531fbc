// The arguments of `next start` for every way the app is served (npm start, the test server).
// Idle keep-alive connections stay open 65 s instead of Node's 5 s: a client that reuses a connection
// just as the server closes it gets EPIPE instead of an answer. Clients whose event loop is busy (a
// script running a command synchronously between requests) and load balancers with 60 s idle timeouts
// both meet that race at 5 s.
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function nextStartArgs(port) {
  return [
    "node_modules/next/dist/bin/next",
    "start",
    "-p",
    String(port),
    "--keepAliveTimeout",
    String(KEEP_ALIVE_TIMEOUT_MS),
  ];
}
