import { Readable } from "node:stream";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import type { BlobBody } from "./types";

/** Any accepted body as a Node stream, without copying in-memory bytes. */
export function toNodeReadable(body: BlobBody): Readable {
  if (body instanceof Readable) return body;
  if (body instanceof Uint8Array) return Readable.from([body], { objectMode: false });
  return Readable.fromWeb(body as NodeWebReadableStream<Uint8Array>);
}

/** A Node stream as the web stream the BlobStore interface hands out. */
export function toWebStream(stream: Readable): ReadableStream<Uint8Array> {
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>;
}

/** Reads a web stream to its end. */
export async function readStreamToBuffer(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks);
}
