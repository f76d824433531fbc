// Preloaded (node --import) by `npm start` and the test server in front of `next start`: records each
// request's connection peer in x-docsvc-peer, replacing anything the client sent under that name.
// Route handlers see no socket, and Next.js keeps a client-sent X-Forwarded-For as it is, so without
// this the app could not tell a proxy's header from a forged one (lib/auth/client-address.ts).
import http from "node:http";

const createServer = http.createServer;
http.createServer = function createServerStampingPeer(...args) {
  const server = createServer.apply(this, args);
  server.prependListener("request", (req) => {
    req.headers["x-docsvc-peer"] = req.socket.remoteAddress ?? "";
  });
  return server;
};
