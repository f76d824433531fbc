import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the objects (tests may look inside to prove nothing is left). */
  directory: string;
  /** The settings an app instance needs to use this store. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

// s3rver accepts any signature made with its well-known key pair.
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

/** s3rver on a free local port, speaking the S3 protocol with one empty bucket. */
export async function startS3StandIn(options: { bucket?: string; port?: number } = {}): Promise<S3StandIn> {
  const bucket = options.bucket ?? "docsvc-test";
  const directory = await mkdtemp(path.join(tmpdir(), "docsvc-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "1",
    },
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
