import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { type Instance, migrate, portOf, startInstance, stop } from "../support/instances";

// Scaling out means several instances on one PostgreSQL database and one blob folder.

test.describe("server instances", () => {
  test("an instance whose start-up fails logs why and exits non-zero", async () => {
    test.setTimeout(120_000);
    const dataDir = mkdtempSync(join(tmpdir(), "docsvc-instance-"));
    try {
      // Nothing listens on port 1, so the first query of start-up (resuming background runs) fails.
      const instance = startInstance({
        DATA_DIR: dataDir,
        DATABASE_URL: "postgresql://docsvc@127.0.0.1:1/docsvc",
        AUTH_SECRET: randomBytes(48).toString("base64"),
      });
      const code = await instance.exited;
      expect(code, instance.output()).toBe(1);
      expect(instance.output()).toContain("docsvc: start-up failed, exiting:");
      expect(instance.output()).toMatch(/reach database server at 127\.0\.0\.1:1|ECONNREFUSED/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const serverUrl = process.env.TEST_DATABASE_URL;
  test("two instances started at the same moment on one fresh PostgreSQL database both answer, five times", async () => {
    test.skip(!serverUrl, "needs TEST_DATABASE_URL (CI's PostgreSQL pass)");
    test.setTimeout(600_000);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      for (let round = 1; round <= 5; round++) {
        const name = `docsvc_instances_${Date.now()}_${round}`;
        await admin.query(`CREATE DATABASE "${name}"`);
        const url = new URL(serverUrl as string);
        url.pathname = `/${name}`;
        const blobs = mkdtempSync(join(tmpdir(), "docsvc-instances-"));
        // What every instance must share: the database, the blob folder and the secret.
        const env = { DATABASE_URL: url.href, DATA_DIR: blobs, AUTH_SECRET: randomBytes(48).toString("base64") };
        const instances: Instance[] = [];
        try {
          // Each instance migrates, then starts, as a container's `npm run db:migrate && npm start` would.
          const statuses = await Promise.all(
            [0, 1].map(async () => {
              await migrate(env);
              const instance = startInstance(env);
              instances.push(instance);
              const response = await fetch(`http://127.0.0.1:${await portOf(instance)}/v1/health`);
              return { status: response.status, output: instance.output() };
            }),
          );
          for (const { status, output } of statuses) expect(status, `round ${round}:\n${output}`).toBe(200);
        } finally {
          await Promise.all(instances.map(stop));
          await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
          rmSync(blobs, { recursive: true, force: true });
        }
      }
    } finally {
      await admin.end();
    }
  });
});
