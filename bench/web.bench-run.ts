import { execFileSync } from "node:child_process";
import { afterAll, it } from "vitest";
import { functionDefinitions } from "@/inngest/functions";
import { registerUser } from "@/lib/auth/register-user";
import { useDataDirDatabase } from "./data-dir-database";
import { getExecutor, startExecutor, stopExecutor } from "@/lib/background";
import { resetConfigForTests } from "@/lib/config";
import { getDb } from "@/lib/db";
import { readDocument } from "@/lib/documents/read-document";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { getBlobStore, resetBlobStoreForTests } from "@/lib/storage";
import { closeBrowser, getBrowser } from "@/lib/web/browser";
import { fillWebForm } from "@/lib/web/fill-web-form";
import { navigatePage } from "@/lib/web/navigate-page";
import { scanWebForm } from "@/lib/web/scan-web-form";
import { startFormSite } from "@/lib/web/testing/form-site";
import { uploadWebPage } from "@/lib/web/upload-web-page";
import { closeAllWebSessions, closeWebSession, openWebSession } from "@/lib/web/web-sessions";
import { percentile } from "./figures";

// The web operations on the local test site: a page to a read batch (render, print to PDF, store,
// read), a scan of the 13-field form, a fill from an invoice, and the memory one open session costs
// (resident memory of the browser's processes). Prints figures; asserts nothing.
// Run: npx vitest run --config bench/vitest.config.ts bench/web.bench-run.ts

const runs = Number(process.env.WEB_BENCH_RUNS ?? 5);

afterAll(async () => {
  await closeAllWebSessions();
  await closeBrowser();
  await stopExecutor();
  await terminateOcrPool();
});

const median = (values: number[]) => percentile(values, 50);
const ms = (value: number) => `${Math.round(value)} ms`;

/** Resident memory (MB) of every Chromium process under this one. */
function browserRssMb(): number {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid=,rss=,args="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/, 4));
  const tree = new Set([String(process.pid)]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return (
    rows
      .filter(([pid, , , args]) => tree.has(pid) && /chrom/i.test(args ?? ""))
      .reduce((sum, [, , rss]) => sum + Number(rss), 0) / 1024
  );
}

it("web pages and forms", async () => {
  process.env.ALLOW_PRIVATE_NETWORK = "1";
  resetConfigForTests();
  const database = await useDataDirDatabase({ ALLOW_PRIVATE_NETWORK: "1" });
  resetBlobStoreForTests();
  await startExecutor({ definitions: functionDefinitions });
  const site = await startFormSite();
  try {
    await getBrowser();
    const db = await getDb();
    const user = await registerUser({
      db,
      email: `bench-${Date.now()}@example.com`,
      password: "a sensible passphrase",
    });

    const pageToBatch: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      await uploadWebPage({ db, store: getBlobStore(), userId: user.id, tier: "scale", url: `${site.origin}/table` });
      await (await getExecutor()).drain({ timeoutMs: 120_000 });
      pageToBatch.push(performance.now() - started);
    }

    const session = await openWebSession({ ownerId: "bench" });
    await navigatePage(session, `${site.origin}/form`);
    const scans: number[] = [];
    let fieldCount = 0;
    for (let run = 0; run < runs; run++) {
      session.fields = [];
      const started = performance.now();
      fieldCount = (await scanWebForm(session)).fields.length;
      scans.push(performance.now() - started);
    }
    await closeWebSession(session);

    const invoicePdf = await makeTextPdf([
      ["Invoice number: INV-2041", "Customer: Acme GmbH", "Invoice date: 14.03.2026", "Total: 1,234.50 EUR"],
    ]);
    const sources = [
      {
        documentId: "bench",
        fileName: "invoice.pdf",
        pages: (await readDocument({ bytes: invoicePdf, fileName: "invoice.pdf" })).pages,
      },
    ];
    const fills: number[] = [];
    let filled = 0;
    for (let run = 0; run < runs; run++) {
      let actions = 0;
      const started = performance.now();
      const { session: filling } = await fillWebForm({
        ownerId: "bench",
        url: `${site.origin}/form`,
        sources,
        submit: false,
        maxSteps: 40,
        ai: null,
        signal: new AbortController().signal,
        send: (event) => {
          if (event === "action") actions += 1;
          return true;
        },
        loadDocument: () => Promise.reject(new Error("no files in the bench")),
      });
      fills.push(performance.now() - started);
      filled = actions;
      await closeWebSession(filling);
    }

    const idle = browserRssMb();
    const open = [];
    for (let index = 0; index < 4; index++) {
      const held = await openWebSession({ ownerId: `memory-${index}` });
      await navigatePage(held, `${site.origin}/form`);
      open.push(held);
    }
    const loaded = browserRssMb();
    for (const held of open) await closeWebSession(held);

    console.log(
      [
        `web bench (${runs} runs, medians; local site, ${process.platform}, Node ${process.version})`,
        `  page to read batch (render, PDF, store, read 1 page): ${ms(median(pageToBatch))}  (p90 ${ms(percentile(pageToBatch, 90))})`,
        `  scan of the form (${fieldCount} fields, 2 frames, 1 shadow root):  ${ms(median(scans))}  (p90 ${ms(percentile(scans, 90))})`,
        `  fill from an invoice (${filled} fields, screenshots included):   ${ms(median(fills))}  (p90 ${ms(percentile(fills, 90))})`,
        `  browser memory: ${Math.round(idle)} MB with no session, ${Math.round(loaded)} MB with 4 open sessions → ${Math.round((loaded - idle) / 4)} MB per session (summed RSS counts shared pages once per process: an upper bound)`,
      ].join("\n"),
    );
  } finally {
    await site.close();
    await database.dispose();
  }
});
