import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTempDatabase } from "@/lib/auth/testing/temp-database";
import { resetConfigForTests } from "@/lib/config";
import { getDb } from "@/lib/db";
import { createEventStream } from "@/lib/http/sse";
import { getBlobStore, resetBlobStoreForTests } from "@/lib/storage";
import { closeBrowser } from "./browser";
import { streamWebFill } from "./stream-web-fill";
import { startFormSite, type FormSite } from "./testing/form-site";
import { closeAllWebSessions, webSessionCounts } from "./web-sessions";

let database: { dispose(): Promise<void> };
let site: FormSite;
beforeAll(async () => {
  process.env.ALLOW_PRIVATE_NETWORK = "1";
  resetConfigForTests();
  database = await useTempDatabase();
  resetBlobStoreForTests();
  site = await startFormSite();
});
afterAll(async () => {
  await closeAllWebSessions();
  await closeBrowser();
  await site.close();
  await database?.dispose();
});

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, eventName: string): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes(`event: ${eventName}\n`)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  return text;
}

describe("the web-fill stream", () => {
  const input = {
    userId: "00000000-0000-4000-8000-000000000001",
    values: { customer: "Acme GmbH" },
    submit: false,
    maxSteps: 10,
  };

  it("keeps the session open for review when it finishes", async () => {
    const response = createEventStream(
      new Request("http://app/api/batch/web-fill"),
      await streamWebFill({ db: await getDb(), store: getBlobStore(), ...input, url: `${site.origin}/form` }),
    );
    const text = await readUntil(response.body!.getReader(), "summary");
    expect(text).toContain('"value":"Acme GmbH"');
    expect(text).toMatch(/event: summary\ndata: .*"submitted":false/);
    expect(webSessionCounts().open).toBe(1);
    await closeAllWebSessions();
  });

  it("closes the session when the client disconnects mid-fill", async () => {
    const client = new AbortController();
    const response = createEventStream(
      new Request("http://app/api/batch/web-fill", { signal: client.signal }),
      await streamWebFill({ db: await getDb(), store: getBlobStore(), ...input, url: `${site.origin}/form` }),
    );
    const reader = response.body!.getReader();
    await readUntil(reader, "navigated");
    expect(webSessionCounts().open).toBe(1);
    client.abort();
    await vi.waitFor(() => expect(webSessionCounts().open).toBe(0), { timeout: 30_000 });
    expect(site.posts).toHaveLength(0);
  });

  it("refuses a fill with nothing to fill from before streaming", async () => {
    await expect(
      streamWebFill({
        db: await getDb(),
        store: getBlobStore(),
        ...input,
        values: {},
        url: `${site.origin}/form`,
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      streamWebFill({
        db: await getDb(),
        store: getBlobStore(),
        ...input,
        batchId: "00000000-0000-4000-8000-000000000009",
      }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
