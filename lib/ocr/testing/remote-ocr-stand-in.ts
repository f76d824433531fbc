import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for a remote OCR service speaking the documented contract: it answers every
// /ocr request with the words it was given, so tests can check the client end to end.

export interface StandInWord {
  text: string;
  confidence: number;
  bbox: [number, number, number, number];
}

export interface RemoteOcrStandIn {
  url: string;
  requests: Array<{ languages: string; model: string; imageBytes: number }>;
  close: () => Promise<void>;
}

export async function startRemoteOcrStandIn(answer: {
  width: number;
  height: number;
  words: StandInWord[];
}): Promise<RemoteOcrStandIn> {
  const requests: RemoteOcrStandIn["requests"] = [];
  const server: Server = createServer((request, response) => {
    if (request.method === "GET" && request.url === "/health") {
      response.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
      return;
    }
    if (request.method !== "POST" || request.url !== "/ocr") {
      response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        image: string;
        languages: string;
        model: string;
      };
      requests.push({
        languages: body.languages,
        model: body.model,
        imageBytes: Buffer.from(body.image, "base64").length,
      });
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
