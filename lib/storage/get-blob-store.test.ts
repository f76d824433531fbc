import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { checkStorage } from "./check-storage";
import { getBlobStore, getStorageKind, resetBlobStoreForTests } from "./get-blob-store";
import { startS3StandIn, type S3StandIn } from "./testing/s3-stand-in";

let standIn: S3StandIn;
let dataDir: string;

beforeAll(async () => {
  standIn = await startS3StandIn();
  dataDir = await mkdtemp(path.join(tmpdir(), "docsvc-data-"));
});
afterAll(async () => {
  await standIn.stop();
  await rm(dataDir, { recursive: true, force: true });
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
  resetBlobStoreForTests();
});

function useEnv(env: Record<string, string>): void {
  for (const [name, value] of Object.entries({ DATA_DIR: dataDir, BLOB_READ_WRITE_TOKEN: "", S3_BUCKET: "", ...env })) {
    vi.stubEnv(name, value);
  }
  resetConfigForTests();
  resetBlobStoreForTests();
}

describe("choosing the blob store from the configuration", () => {
  it("uses the S3 bucket when S3_BUCKET is set, even beside a Vercel Blob token, and writes nothing to DATA_DIR", async () => {
    useEnv({ ...standIn.env, BLOB_READ_WRITE_TOKEN: "vercel_blob_rw_x_y" });
    expect(getStorageKind()).toBe("s3");
    await getBlobStore().put("batches/b/d/original.pdf", Buffer.from("%PDF-1.7"), "application/pdf");
    expect((await getBlobStore().getBuffer("batches/b/d/original.pdf"))?.toString()).toBe("%PDF-1.7");
    expect(await checkStorage()).toMatchObject({ ok: true });
    expect(await readdir(dataDir)).toEqual([]);
  });

  it("takes the AWS_* credentials when no S3_* ones are given", async () => {
    const { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, ...rest } = standIn.env;
    useEnv({ ...rest, AWS_ACCESS_KEY_ID: S3_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY });
    expect(await checkStorage()).toMatchObject({ ok: true });
  });

  it("reports a bucket that does not exist as a failed check naming the problem", async () => {
    useEnv({ ...standIn.env, S3_BUCKET: "no-such-bucket" });
    const health = await checkStorage();
    expect(health.ok).toBe(false);
    expect(health.error).toMatch(/bucket/i);
  });

  it("falls back to local disk under DATA_DIR without S3 or Vercel settings", () => {
    useEnv({});
    expect(getStorageKind()).toBe("local");
  });
});
