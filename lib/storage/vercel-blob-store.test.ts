import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkStorage } from "./check-storage";
import { StorageKeyError } from "./storage-key-error";
import type { BlobStore } from "./types";
import { createVercelBlobStore } from "./vercel-blob-store";

// A store id is the fourth "_"-separated part of a read-write token.
const TOKEN = "vercel_blob_rw_teststore_secret";

interface StandInBlob {
  body: Buffer;
  contentType: string;
  uploadedAt: string;
}

/** A local stand-in for the Vercel Blob API: just the endpoints the SDK calls, plus downloads. */
function createBlobApiStandIn() {
  const blobs = new Map<string, StandInBlob>();
  const requests: { method: string; url: string; headers: IncomingMessage["headers"] }[] = [];
  let base = "";

  const describeBlob = (pathname: string, blob: StandInBlob) => ({
    url: `${base}/download/${pathname}`,
    downloadUrl: `${base}/download/${pathname}?download=1`,
    pathname,
    size: blob.body.length,
    contentType: blob.contentType,
    contentDisposition: `inline; filename="${pathname.split("/").pop()}"`,
    cacheControl: "public, max-age=0",
    uploadedAt: blob.uploadedAt,
    etag: `"${blob.body.length}"`,
  });
  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  };
  const notFound = (response: ServerResponse) =>
    json(response, 404, { error: { code: "not_found", message: "The requested blob does not exist" } });
  const pathnameOf = (urlOrPathname: string) =>
    urlOrPathname.startsWith(`${base}/download/`) ? urlOrPathname.slice(`${base}/download/`.length) : urlOrPathname;

  async function readBody(request: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? "/", base);
    requests.push({ method: request.method ?? "", url: url.pathname + url.search, headers: request.headers });
    if (url.pathname.startsWith("/download/")) {
      if (request.headers.authorization !== `Bearer ${TOKEN}`)
        return json(response, 403, { error: { code: "forbidden" } });
      const blob = blobs.get(decodeURIComponent(url.pathname.slice("/download/".length)));
      if (!blob) return notFound(response);
      response.writeHead(200, { "content-type": blob.contentType, "content-length": blob.body.length });
      return response.end(blob.body);
    }
    if (request.headers.authorization !== `Bearer ${TOKEN}`)
      return json(response, 403, { error: { code: "forbidden" } });
    if (url.pathname === "/api/blob/" && request.method === "PUT") {
      const pathname = url.searchParams.get("pathname") ?? "";
      if (request.headers["x-add-random-suffix"] !== "0")
        return json(response, 400, { error: { code: "bad_request", message: "expected no random suffix" } });
      if (blobs.has(pathname) && request.headers["x-allow-overwrite"] !== "1") {
        return json(response, 400, { error: { code: "bad_request", message: "blob already exists" } });
      }
      const blob = {
        body: await readBody(request),
        contentType: String(request.headers["x-content-type"] ?? "application/octet-stream"),
        uploadedAt: new Date().toISOString(),
      };
      blobs.set(pathname, blob);
      return json(response, 200, describeBlob(pathname, blob));
    }
    if (url.pathname === "/api/blob/delete" && request.method === "POST") {
      const { urls } = JSON.parse((await readBody(request)).toString()) as { urls: string[] };
      for (const target of urls) blobs.delete(pathnameOf(target));
      return json(response, 200, {});
    }
    if (url.pathname === "/api/blob" && request.method === "GET") {
      const target = url.searchParams.get("url");
      if (target !== null) {
        const pathname = pathnameOf(target);
        const blob = blobs.get(pathname);
        return blob ? json(response, 200, describeBlob(pathname, blob)) : notFound(response);
      }
      // Pages of two, so the driver's cursor loop is exercised.
      const prefix = url.searchParams.get("prefix") ?? "";
      const offset = Number(url.searchParams.get("cursor") ?? "0");
      const matching = [...blobs.keys()].filter((pathname) => pathname.startsWith(prefix)).sort();
      const page = matching.slice(offset, offset + 2);
      return json(response, 200, {
        blobs: page.map((pathname) => describeBlob(pathname, blobs.get(pathname)!)),
        cursor: offset + 2 < matching.length ? String(offset + 2) : undefined,
        hasMore: offset + 2 < matching.length,
      });
    }
    return json(response, 404, { error: { code: "not_found", message: `no route ${request.method} ${url.pathname}` } });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      json(response, 500, { error: { code: "internal_server_error", message: String(error) } });
    });
  });
  return {
    blobs,
    requests,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      return `${base}/api/blob`;
    },
    stop: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

const standIn = createBlobApiStandIn();
let store: BlobStore;
const savedEnv = { ...process.env };

beforeAll(async () => {
  // The SDK reads these itself on every call.
  process.env.VERCEL_BLOB_API_URL = await standIn.start();
  process.env.VERCEL_BLOB_RETRIES = "0";
  store = createVercelBlobStore({ token: TOKEN, access: "private" });
});

afterAll(async () => {
  process.env = savedEnv;
  await standIn.stop();
});

beforeEach(() => {
  standIn.blobs.clear();
  standIn.requests.length = 0;
});

describe("vercel blob store", () => {
  it("puts with the key as pathname, no random suffix and overwrite allowed", async () => {
    await store.put("batches/b1/d1/original.pdf", Buffer.from("%PDF"), "application/pdf");
    await store.put("batches/b1/d1/original.pdf", new Uint8Array([1, 2]), "application/pdf");
    const put = standIn.requests.find((request) => request.method === "PUT")!;
    expect(put.url).toBe("/api/blob/?pathname=batches%2Fb1%2Fd1%2Foriginal.pdf");
    expect(put.headers["x-vercel-blob-access"]).toBe("private");
    expect(put.headers["x-content-type"]).toBe("application/pdf");
    expect(standIn.blobs.get("batches/b1/d1/original.pdf")!.body).toEqual(Buffer.from([1, 2]));
  });

  it("round-trips a streamed body with its content type and size", async () => {
    await store.put("a/stream.txt", Readable.from([Buffer.from("hello "), Buffer.from("blob")]), "text/plain");
    const blob = await store.get("a/stream.txt");
    expect(blob!.contentType).toBe("text/plain");
    expect(blob!.size).toBe(10);
    expect((await store.getBuffer("a/stream.txt"))!.toString()).toBe("hello blob");
    expect(await store.exists("a/stream.txt")).toBe(true);
  });

  it("reports missing blobs as null / false and deletes", async () => {
    expect(await store.get("a/missing.txt")).toBeNull();
    expect(await store.exists("a/missing.txt")).toBe(false);
    await store.put("a/x.txt", Buffer.from("x"), "text/plain");
    await store.delete("a/x.txt");
    expect(await store.exists("a/x.txt")).toBe(false);
  });

  it("lists across pages and deletes by prefix", async () => {
    const keys = [
      "batches/b1/d1/original.pdf",
      "batches/b1/d1/pages/1.png",
      "batches/b1/d2/original.png",
      "batches/b2/d1/original.pdf",
    ];
    for (const key of keys) await store.put(key, Buffer.from(key), "application/octet-stream");
    expect((await store.list("batches/b1/")).map((entry) => entry.key)).toEqual(keys.slice(0, 3));
    await store.deletePrefix("batches/b1/");
    expect([...standIn.blobs.keys()]).toEqual(["batches/b2/d1/original.pdf"]);
  });

  it("validates keys before any request", async () => {
    await expect(store.put("../x", Buffer.from("x"), "text/plain")).rejects.toBeInstanceOf(StorageKeyError);
    await expect(store.deletePrefix("")).rejects.toBeInstanceOf(StorageKeyError);
    expect(standIn.requests).toEqual([]);
  });

  it("passes the health check and reports a failing store", async () => {
    expect(await checkStorage(store)).toMatchObject({ ok: true });
    const badToken = createVercelBlobStore({ token: "vercel_blob_rw_teststore_wrong", access: "private" });
    const health = await checkStorage(badToken);
    expect(health.ok).toBe(false);
    expect(health.error).toMatch(/Access denied/);
  });
});
