import { afterAll, beforeAll, it } from "vitest";
import { useDataDirDatabase } from "./data-dir-database";
import { PythonSandbox } from "@/lib/chat/python/python-sandbox";
import { streamDocumentChat } from "@/lib/chat/stream-document-chat";
import { storeProcessedDocument } from "@/lib/chat/testing/chat-fixtures";
import { getDb } from "@/lib/db";
import { createUIMessageEventStream } from "@/lib/http/sse";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { percentile } from "./figures";

// Time to the first and the last event of an offline chat answer over a 200-page library (10
// documents of 20 pages), and the latency of execute_python with a warm child. Prints figures;
// asserts nothing. Run: npx vitest run --config bench/vitest.config.ts bench/chat.bench-run.ts

const documents = 10;
const pagesPerDocument = 20;
const runs = 5;
let database: { dispose(): Promise<void> };
let userId = "";

beforeAll(async () => {
  database = await useDataDirDatabase();
  const db = await getDb();
  for (let document = 0; document < documents; document++) {
    const pages = Array.from({ length: pagesPerDocument }, (_, page) => [
      `Invoice INV-${document}-${page}`,
      `Customer: Customer ${document * 100 + page}`,
      `Item ${page} widget ${document} units ${page + 1}`,
      `Shipping address: ${page} Main Street, Springfield`,
      `Total due: ${(document * 37 + page * 11.5).toFixed(2)} EUR`,
    ]);
    const stored = await storeProcessedDocument({
      db,
      userId: userId || undefined,
      pdf: await makeTextPdf(pages),
      fileName: `invoice-${document}.pdf`,
    });
    userId = stored.userId;
  }
}, 600_000);
afterAll(async () => {
  await database?.dispose();
});

async function timeAnswer(question: string): Promise<{ first: number; last: number; events: number }> {
  const started = performance.now();
  const response = createUIMessageEventStream(
    new Request("http://bench/"),
    await streamDocumentChat({ db: await getDb(), userId, request: { message: question } as never, ai: null }),
  );
  const reader = response.body!.getReader();
  let first = 0;
  let events = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    if (!first) first = performance.now() - started;
    events += (new TextDecoder().decode(value).match(/^event:/gm) ?? []).length;
  }
  return { first, last: performance.now() - started, events };
}

it("offline answers over a 200-page library", async () => {
  for (const question of ["What is the total due?", "Springfield widget 7 units"]) {
    const samples = [];
    for (let run = 0; run < runs; run++) samples.push(await timeAnswer(question));
    const firsts = samples.map((sample) => sample.first);
    const lasts = samples.map((sample) => sample.last);
    console.log(
      `chat offline "${question}" over ${documents * pagesPerDocument} pages: first event p50 ${percentile(firsts, 50).toFixed(0)} ms (max ${Math.max(...firsts).toFixed(0)}), ` +
        `last event p50 ${percentile(lasts, 50).toFixed(0)} ms (max ${Math.max(...lasts).toFixed(0)}), ${samples[0].events} events`,
    );
  }
});

it("execute_python with a warm child", async () => {
  const sandbox = new PythonSandbox();
  try {
    const coldStart = performance.now();
    await sandbox.whenWarm();
    console.log(
      `python: the first child loads Pyodide and makes the memory snapshot in ${(performance.now() - coldStart).toFixed(0)} ms`,
    );
    // A call that finds no warm child waits for one started now: from the snapshot once it exists.
    const loads = [];
    for (let run = 0; run < 3; run++) {
      await sandbox.whenWarm();
      const started = performance.now();
      // The first call takes the warm child; the second finds none ready and waits for a new one.
      const [, second] = await Promise.all([sandbox.run("1 + 1"), sandbox.run("1 + 1").then(() => performance.now())]);
      loads.push(second - started);
    }
    console.log(
      `python: a call arriving with no warm child ready (child loaded from the snapshot): p50 ${percentile(loads, 50).toFixed(0)} ms, max ${Math.max(...loads).toFixed(0)} ms`,
    );
    const latencies = [];
    for (let run = 0; run < runs; run++) {
      await sandbox.whenWarm();
      const started = performance.now();
      const result = await sandbox.run("import statistics\nstatistics.mean(data)", {
        data: Array.from({ length: 1000 }, (_, index) => index),
      });
      latencies.push(performance.now() - started);
      if (!result.ok) console.log(`python failed: ${result.error}`);
    }
    console.log(
      `python warm execute: p50 ${percentile(latencies, 50).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms over ${runs} runs`,
    );
  } finally {
    await sandbox.dispose();
  }
});
