import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { randomUUID } from "node:crypto";
import { connect, createServer, type Server, type Socket } from "node:net";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkStorage } from "./check-storage";
import { createS3BlobStore } from "./s3-blob-store";
import { createS3Client } from "./s3-client";
import { MIN_PART_SIZE } from "./s3-upload";
import { describeBlobStoreContract } from "./testing/blob-store-contract";
import { startS3StandIn, type S3StandIn } from "./testing/s3-stand-in";

let standIn: S3StandIn;

beforeAll(async () => {
  standIn = await startS3StandIn();
});
afterAll(async () => {
  await standIn?.stop();
});

function clientFor(endpoint: string, extra: { maxAttempts?: number } = {}): S3Client {
  const client = createS3Client({
    S3_ENDPOINT: endpoint,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: standIn.env.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: standIn.env.S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: true,
    AWS_REGION: undefined,
    AWS_ACCESS_KEY_ID: undefined,
    AWS_SECRET_ACCESS_KEY: undefined,
  });
  if (extra.maxAttempts) client.config.maxAttempts = async () => extra.maxAttempts!;
  return client;
}

/** Everything in the bucket, read with a client of its own (what another instance would see). */
async function objectsInBucket(): Promise<string[]> {
  const listed = await clientFor(standIn.endpoint).send(new ListObjectsV2Command({ Bucket: standIn.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key ?? "");
}

// Each case gets a bucket of its own on the one s3rver, so every case starts with an empty store.
async function freshBucket(client: S3Client): Promise<string> {
  const bucket = `t-${randomUUID()}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}

describeBlobStoreContract("S3 (s3rver)", {
  largeBytes: MIN_PART_SIZE * 2 + 12345,
  async create() {
    const client = clientFor(standIn.endpoint);
    const bucket = await freshBucket(client);
    const store = createS3BlobStore({ client, bucket, partSize: MIN_PART_SIZE });
    // s3rver's folder goes when the file ends; a bucket with objects cannot be deleted anyway.
    return { store, cleanup: async () => {} };
  },
});

/**
 * A TCP relay in front of s3rver that cuts the connection once more than `cutAfterBytes` of request
 * data have gone through it in total; after the cut, only small requests (an abort, a head) pass.
 */
async function startCuttingRelay(upstreamPort: number, cutAfterBytes: number) {
  const SMALL_REQUEST_BYTES = 64 * 1024;
  let forwarded = 0;
  let cut = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(upstreamPort, "127.0.0.1");
    sockets.add(client).add(upstream);
    let connectionBytes = 0;
    client.on("data", (chunk: Buffer) => {
      forwarded += chunk.length;
      connectionBytes += chunk.length;
      if ((!cut && forwarded > cutAfterBytes) || (cut && connectionBytes > SMALL_REQUEST_BYTES)) {
        cut = true;
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => client.write(chunk));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    wasCut: () => cut,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The commands a client sent, in order. */
function recordCommands(client: S3Client): string[] {
  const sent: string[] = [];
  client.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(String(context.commandName));
      return next(args);
    },
    { step: "initialize" },
  );
  return sent;
}

describe("S3 store: a connection dropped mid-upload", () => {
  const port = () => Number(new URL(standIn.endpoint).port);

  it("reports a single-request upload cut half-way as failed", async () => {
    const relay = await startCuttingRelay(port(), 512 * 1024);
    try {
      const store = createS3BlobStore({
        client: clientFor(relay.endpoint, { maxAttempts: 2 }),
        bucket: standIn.bucket,
      });
      const body = Buffer.alloc(3 * 1024 * 1024, 1);
      await expect(store.put("dropped/single.pdf", body, "application/pdf")).rejects.toThrow();
      expect(relay.wasCut()).toBe(true);
    } finally {
      await relay.stop();
    }
    // What the bucket holds now is the store's business: S3, MinIO and R2 refuse a body shorter than
    // its Content-Length, while s3rver keeps the bytes it got. The driver's part is to report failure.
  });

  it("aborts a multipart upload cut after its first part and stores nothing", async () => {
    const relay = await startCuttingRelay(port(), MIN_PART_SIZE + 1024 * 1024);
    const client = clientFor(relay.endpoint, { maxAttempts: 2 });
    const sent = recordCommands(client);
    try {
      const store = createS3BlobStore({ client, bucket: standIn.bucket, partSize: MIN_PART_SIZE });
      const body = Readable.from([Buffer.alloc(MIN_PART_SIZE * 3, 2)]);
      await expect(store.put("dropped/multipart.pdf", body, "application/pdf")).rejects.toThrow();
    } finally {
      await relay.stop();
    }
    expect(sent.filter((name) => name === "UploadPartCommand").length).toBeGreaterThanOrEqual(2);
    expect(sent).not.toContain("CompleteMultipartUploadCommand");
    expect(sent.at(-1)).toBe("AbortMultipartUploadCommand");
    expect(await objectsInBucket()).not.toContain("dropped/multipart.pdf");
  });

  it("reports an unreachable store in the health check", async () => {
    const store = createS3BlobStore({
      client: clientFor("http://127.0.0.1:9", { maxAttempts: 1 }),
      bucket: "docsvc-test",
    });
    const health = await checkStorage(store);
    expect(health.ok).toBe(false);
    expect(health.error).toBeTruthy();
  });
});
