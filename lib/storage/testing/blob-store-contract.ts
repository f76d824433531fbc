import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readStreamToBuffer } from "../blob-body";
import { BlobRangeError } from "../blob-range";
import { checkStorage } from "../check-storage";
import { StorageKeyError } from "../storage-key-error";
import type { BlobStore } from "../types";

export interface ContractSubject {
  store: BlobStore;
  cleanup(): Promise<void>;
}

/** Bytes 0..n-1 of a recognisable pattern, so a shifted range shows. */
function patternBytes(length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, index) => index % 251));
}

/**
 * What every blob store must do, run against each driver. `largeBytes` is a body big enough to take
 * the driver's chunked path (a multipart upload for S3).
 */
export function describeBlobStoreContract(
  name: string,
  options: { create(): Promise<ContractSubject>; largeBytes: number },
): void {
  describe(`${name}: blob store contract`, () => {
    let subject: ContractSubject;
    let store: BlobStore;
    beforeEach(async () => {
      subject = await options.create();
      store = subject.store;
    });
    afterEach(async () => {
      await subject.cleanup();
    });

    it("keeps keys with every character a key may hold", async () => {
      const keys = [
        "batches/0b5e-AZ_az.09/-leading-dash",
        "a/.hidden",
        "a/..double..dots..",
        "a/___/x.tar.gz",
        `a/${"x".repeat(200)}`,
        `${"k/".repeat(200)}end`,
      ];
      for (const key of keys) await store.put(key, Buffer.from(key), "text/plain; charset=utf-8");
      for (const key of keys) expect((await store.getBuffer(key))?.toString()).toBe(key);
      expect((await store.list("a/")).map((entry) => entry.key)).toEqual(
        keys.filter((key) => key.startsWith("a/")).sort((a, b) => a.localeCompare(b)),
      );
      expect((await store.get("a/.hidden"))?.contentType).toBe("text/plain; charset=utf-8");
    });

    it("refuses keys that could escape or that no driver can hold, before any write", async () => {
      for (const key of [
        "../x",
        "a/../../x",
        "/etc/passwd",
        "a//b",
        "a/b c",
        "a/é.txt",
        "a/%2e%2e",
        "a/b?c",
        "a/b#c",
      ]) {
        await expect(store.put(key, Buffer.from("x"), "text/plain")).rejects.toBeInstanceOf(StorageKeyError);
        await expect(store.get(key)).rejects.toBeInstanceOf(StorageKeyError);
      }
      expect(await store.list("a/")).toEqual([]);
    });

    it("answers a missing object with null and false, and deletes it without error", async () => {
      expect(await store.get("missing/object.bin")).toBeNull();
      expect(await store.get("missing/object.bin", { range: { start: 0, end: 9 } })).toBeNull();
      expect(await store.getBuffer("missing/object.bin")).toBeNull();
      expect(await store.exists("missing/object.bin")).toBe(false);
      await store.delete("missing/object.bin");
      await store.deletePrefix("missing/");
    });

    it("reads byte ranges", async () => {
      const bytes = patternBytes(1000);
      await store.put("r/page.png", bytes, "image/png");
      const middle = await store.get("r/page.png", { range: { start: 100, end: 199 } });
      expect(middle).toMatchObject({ size: 1000, contentType: "image/png", range: { start: 100, end: 199 } });
      expect((await readStreamToBuffer(middle!.stream)).equals(bytes.subarray(100, 200))).toBe(true);
      const tail = await store.get("r/page.png", { range: { start: 990 } });
      expect(tail!.range).toEqual({ start: 990, end: 999 });
      expect((await readStreamToBuffer(tail!.stream)).equals(bytes.subarray(990))).toBe(true);
      const clamped = await store.get("r/page.png", { range: { start: 995, end: 5000 } });
      expect(clamped!.range).toEqual({ start: 995, end: 999 });
      expect((await readStreamToBuffer(clamped!.stream)).length).toBe(5);
      await expect(store.get("r/page.png", { range: { start: 1000 } })).rejects.toBeInstanceOf(BlobRangeError);
    });

    it("streams a large body in and out unchanged", async () => {
      const expected = createHash("sha256");
      const chunk = 256 * 1024;
      async function* generate() {
        for (let offset = 0; offset < options.largeBytes; offset += chunk) {
          const piece = Buffer.alloc(Math.min(chunk, options.largeBytes - offset), (offset / chunk) % 256);
          expected.update(piece);
          yield piece;
        }
      }
      await store.put("big/file.bin", Readable.from(generate()), "application/pdf");
      const blob = await store.get("big/file.bin");
      expect(blob).toMatchObject({ size: options.largeBytes, contentType: "application/pdf" });
      const actual = createHash("sha256");
      for await (const piece of Readable.fromWeb(blob!.stream as import("node:stream/web").ReadableStream)) {
        actual.update(piece as Buffer);
      }
      expect(actual.digest("hex")).toBe(expected.digest("hex"));
    });

    it("stores nothing when the body fails part-way, even after a chunk went out", async () => {
      async function* failing() {
        yield Buffer.alloc(options.largeBytes, 7);
        throw new Error("client went away");
      }
      await expect(store.put("a/broken.pdf", Readable.from(failing()), "application/pdf")).rejects.toThrow(
        "client went away",
      );
      expect(await store.exists("a/broken.pdf")).toBe(false);
      expect(await store.get("a/broken.pdf")).toBeNull();
      expect(await store.list("a/")).toEqual([]);
    });

    it("overwrites, lists and deletes by prefix", async () => {
      await store.put("b/x.txt", Buffer.from("one"), "text/plain");
      await store.put("b/x.txt", new Uint8Array(Buffer.from("two!")), "text/markdown");
      expect(await store.get("b/x.txt")).toMatchObject({ size: 4, contentType: "text/markdown" });
      await store.put("b1/y.txt", Buffer.from("y"), "text/plain");
      await store.put("b10/z.txt", Buffer.from("z"), "text/plain");
      expect((await store.list("b1")).map((entry) => entry.key)).toEqual(["b1/y.txt", "b10/z.txt"]);
      await store.deletePrefix("b1/");
      expect((await store.list("b")).map((entry) => entry.key)).toEqual(["b/x.txt", "b10/z.txt"]);
      await store.delete("b/x.txt");
      expect(await store.exists("b/x.txt")).toBe(false);
    });

    it("passes the health check and leaves no probe behind", async () => {
      expect(await checkStorage(store)).toMatchObject({ ok: true });
      expect(await store.list("health/")).toEqual([]);
    });
  });
}
