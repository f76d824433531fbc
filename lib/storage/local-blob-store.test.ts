import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readStreamToBuffer } from "./blob-body";
import { checkStorage } from "./check-storage";
import { createLocalBlobStore } from "./local-blob-store";
import { StorageKeyError } from "./storage-key-error";
import { describeBlobStoreContract } from "./testing/blob-store-contract";
import type { BlobStore } from "./types";

let root: string;
let store: BlobStore;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "docsvc-blobs-"));
  store = createLocalBlobStore(root);
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("local blob store", () => {
  it("round-trips bytes and content type", async () => {
    await store.put("batches/b1/d1/original.pdf", Buffer.from("%PDF-1.7 hello"), "application/pdf");
    const blob = await store.get("batches/b1/d1/original.pdf");
    expect(blob).not.toBeNull();
    expect(blob!.contentType).toBe("application/pdf");
    expect(blob!.size).toBe(14);
    expect((await readStreamToBuffer(blob!.stream)).toString()).toBe("%PDF-1.7 hello");
    expect(await store.exists("batches/b1/d1/original.pdf")).toBe(true);
  });

  it("accepts Uint8Array, web streams and Node streams", async () => {
    await store.put("a/u8.bin", new Uint8Array([1, 2, 3]), "application/octet-stream");
    const web = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("web "));
        controller.enqueue(new TextEncoder().encode("stream"));
        controller.close();
      },
    });
    await store.put("a/web.txt", web, "text/plain");
    await store.put("a/node.txt", Readable.from([Buffer.from("node stream")]), "text/plain");
    expect([...(await store.getBuffer("a/u8.bin"))!]).toEqual([1, 2, 3]);
    expect((await store.getBuffer("a/web.txt"))!.toString()).toBe("web stream");
    expect((await store.getBuffer("a/node.txt"))!.toString()).toBe("node stream");
  });

  it("overwrites an existing key", async () => {
    await store.put("a/x.txt", Buffer.from("one"), "text/plain");
    await store.put("a/x.txt", Buffer.from("two!"), "text/markdown");
    const blob = await store.get("a/x.txt");
    expect(blob!.contentType).toBe("text/markdown");
    expect((await readStreamToBuffer(blob!.stream)).toString()).toBe("two!");
  });

  it("streams a large blob in and out without corruption", async () => {
    const chunk = Buffer.alloc(1024 * 1024);
    const chunks = 40;
    const expected = createHash("sha256");
    async function* generate() {
      for (let index = 0; index < chunks; index += 1) {
        chunk.fill(index);
        expected.update(chunk);
        yield Buffer.from(chunk);
      }
    }
    await store.put("big/file.bin", Readable.from(generate()), "application/octet-stream");
    const blob = await store.get("big/file.bin");
    expect(blob!.size).toBe(chunks * chunk.length);
    const actual = createHash("sha256");
    const reader = blob!.stream.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) actual.update(read.value);
    expect(actual.digest("hex")).toBe(expected.digest("hex"));
  });

  it("leaves nothing behind when the body stream fails", async () => {
    async function* failing() {
      yield Buffer.from("partial");
      throw new Error("upload interrupted");
    }
    await expect(store.put("a/broken.bin", Readable.from(failing()), "application/pdf")).rejects.toThrow(
      "upload interrupted",
    );
    expect(await store.exists("a/broken.bin")).toBe(false);
    expect(await store.get("a/broken.bin")).toBeNull();
    expect(await readdir(path.join(root, "tmp"))).toEqual([]);
  });

  it("returns null and false for missing keys and deletes idempotently", async () => {
    expect(await store.get("nope/missing.txt")).toBeNull();
    expect(await store.getBuffer("nope/missing.txt")).toBeNull();
    expect(await store.exists("nope/missing.txt")).toBe(false);
    await store.delete("nope/missing.txt");
    await store.put("a/x.txt", Buffer.from("x"), "text/plain");
    await store.delete("a/x.txt");
    expect(await store.exists("a/x.txt")).toBe(false);
  });

  it.each([
    "../escape.txt",
    "a/../../escape.txt",
    "a/./b.txt",
    "/etc/passwd",
    "a\\b.txt",
    "a/b\0.txt",
    "a//b.txt",
    "a/b/",
    "",
    "C:/windows.txt",
    "a/b c.txt",
    "x".repeat(600),
  ])("refuses the key %j before touching the disk", async (key) => {
    await expect(store.put(key, Buffer.from("x"), "text/plain")).rejects.toBeInstanceOf(StorageKeyError);
    await expect(store.get(key)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(StorageKeyError);
    await expect(readdir(root)).resolves.toEqual([]);
  });

  it("deletes by folder prefix and by name prefix, and lists", async () => {
    for (const key of [
      "batches/b1/d1/original.pdf",
      "batches/b1/d1/pages/1.png",
      "batches/b1/d2/original.png",
      "batches/b10/d1/original.pdf",
    ]) {
      await store.put(key, Buffer.from(key), "application/octet-stream");
    }
    expect((await store.list("batches/b1/")).map((entry) => entry.key)).toEqual([
      "batches/b1/d1/original.pdf",
      "batches/b1/d1/pages/1.png",
      "batches/b1/d2/original.png",
    ]);
    await store.deletePrefix("batches/b1/d1/");
    expect((await store.list("batches/")).map((entry) => entry.key)).toEqual([
      "batches/b1/d2/original.png",
      "batches/b10/d1/original.pdf",
    ]);
    await store.deletePrefix("batches/b1");
    expect(await store.list("batches/")).toEqual([]);
    await expect(store.deletePrefix("")).rejects.toBeInstanceOf(StorageKeyError);
    await expect(store.deletePrefix("../")).rejects.toBeInstanceOf(StorageKeyError);
  });

  it("passes the health check", async () => {
    const health = await checkStorage(store);
    expect(health.ok).toBe(true);
    expect(health.error).toBeUndefined();
    expect(await store.list("health/")).toEqual([]);
  });
});

describeBlobStoreContract("local disk", {
  largeBytes: 3 * 1024 * 1024,
  async create() {
    const contractRoot = await mkdtemp(path.join(tmpdir(), "docsvc-blobs-"));
    return {
      store: createLocalBlobStore(contractRoot),
      cleanup: () => rm(contractRoot, { recursive: true, force: true }),
    };
  },
});
