import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/register-user";
import { getBatchResults } from "@/lib/batches/get-batch-results";
import { resetConfigForTests, setConfigForTests } from "@/lib/config";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { functionDefinitions } from "@/inngest/functions";
import { getExecutor, startExecutor, stopExecutor } from "@/lib/background";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { getBlobStore } from "@/lib/storage";
import { closeBrowser } from "./browser";
import { startFormSite, type FormSite } from "./testing/form-site";
import { uploadWebPage } from "./upload-web-page";
import { webSessionCounts } from "./web-sessions";

let database: TestDatabase;
let site: FormSite;
beforeAll(async () => {
  setConfigForTests({ ALLOW_PRIVATE_NETWORK: "1" });
  database = await createTestDatabase({ serveGetDb: true });
  await startExecutor({ definitions: functionDefinitions });
  site = await startFormSite();
});
afterAll(async () => {
  await stopExecutor();
  await terminateOcrPool();
  await closeBrowser();
  await site.close();
  await database?.dispose();
  resetConfigForTests();
});

describe("a web page becomes a batch", () => {
  it("stores the browser's PDF with the HTML and a screenshot, and reads the page's text and table", async () => {
    const db = database.db;
    const user = await registerUser({
      db: database.db,
      email: `web-${Date.now()}@example.com`,
      password: "a sensible passphrase",
    });
    const upload = await uploadWebPage({
      db,
      store: getBlobStore(),
      userId: user.id,
      tier: "free",
      url: `${site.origin}/table`,
    });
    expect(upload).toMatchObject({
      batch_name: "Price list",
      total_files: 1,
      processing_started: true,
      documents: [{ type: "pdf", file_name: "Price-list.pdf" }],
    });
    expect(webSessionCounts().open).toBe(0);
    await (await getExecutor()).drain({ timeoutMs: 60_000 });

    const document = await db.batchDocument.findUniqueOrThrow({ where: { id: upload.documents[0].document_id } });
    const web = (document.metadata as { web: { url: string; html_key: string; screenshot_key: string } }).web;
    expect(web.url).toBe(`${site.origin}/table`);
    expect((await getBlobStore().getBuffer(web.html_key))?.toString()).toContain("<td>Doohickey</td>");
    expect((await getBlobStore().getBuffer(web.screenshot_key))?.subarray(1, 4).toString()).toBe("PNG");

    const results = await getBatchResults({
      db,
      owner: { userId: user.id },
      batchId: upload.batch_id,
      query: { page_offset: 0 },
    });
    const page = results.documents[0].pages[0];
    expect(page.extracted_text).toContain("Price list 2026");
    expect(page.extracted_text).toContain("Doohickey");
    const tables = (page.structured_data as { tables: Array<{ rows: string[][] }> }).tables;
    expect(tables.map((table) => table.rows)).toContainEqual([
      ["Item", "Quantity", "Price"],
      ["Widget", "4", "12.50"],
      ["Gadget", "2", "40.00"],
      ["Doohickey", "7", "3.25"],
    ]);
  });
});
