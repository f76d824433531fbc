import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { resetConfigForTests, setConfigForTests } from "@/lib/config";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { createEventStream } from "@/lib/http/sse";
import { getBlobStore } from "@/lib/storage";
import { closeBrowser } from "./browser";
import { streamWebFill } from "./stream-web-fill";
import { startFormSite, type FormSite } from "./testing/form-site";
import { closeAllWebSessions, webSessionCounts } from "./web-sessions";

let database: TestDatabase;
let site: FormSite;
beforeAll(async () => {
  setConfigForTests({ ALLOW_PRIVATE_NETWORK: "1" });
  database = await createTestDatabase({ serveGetDb: true });
  site = await startFormSite();
});
afterAll(async () => {
  await closeAllWebSessions();
  await closeBrowser();
  await site.close();
  await database?.dispose();
  resetConfigForTests();
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
      await streamWebFill({ db: database.db, store: getBlobStore(), ...input, url: `${site.origin}/form` }),
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
      await streamWebFill({ db: database.db, store: getBlobStore(), ...input, url: `${site.origin}/form` }),
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
        db: database.db,
        store: getBlobStore(),
        ...input,
        values: {},
        url: `${site.origin}/form`,
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      streamWebFill({
        db: database.db,
        store: getBlobStore(),
        ...input,
        batchId: "00000000-0000-4000-8000-000000000009",
      }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
