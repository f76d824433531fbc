import { expect, test, type APIRequestContext } from "../support/fixtures";
import { pdfTextRuns } from "../support/pdf-text-positions";
import { digitalPdf, scannedPng, uploadBatch, waitForBatch } from "./batch-support";

// A page's text edited the way the spec's PUTs take it (a new extracted_text, whatever its word
// count), placed on the page's words: corrected words stay on their boxes, inserted words land on
// their line, deleted ones go, split ones share the box, and unrelated text replaces the page's
// words. Every reader of the page (results, searchable PDF, convert) then has the new text.

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
interface Word {
  text: string;
  box: Box;
  original_text?: string;
  estimated?: boolean;
}

async function readyPage(
  request: APIRequestContext,
  auth: Record<string, string>,
  file: Parameters<typeof uploadBatch>[1]["files"][number],
) {
  const upload = await uploadBatch(request, { headers: auth, files: [file] });
  expect(upload.status(), await upload.text()).toBe(200);
  const batch = await upload.json();
  expect((await waitForBatch(request, batch.batch_id, auth)).status).toBe("completed");
  const documentId = batch.documents[0].document_id as string;
  const pageUrl = `/api/batch/${batch.batch_id}/document/${documentId}/page/1`;
  const read = async () =>
    (await (await request.get(`/api/batch/results/${batch.batch_id}`, { headers: auth })).json()).documents[0]
      .pages[0] as { extracted_text: string; bounding_boxes: { words: Word[]; text_replaced?: boolean } };
  return { batchId: batch.batch_id as string, documentId, pageUrl, read };
}

const named = (words: Word[], text: string) => {
  const word = words.find((candidate) => candidate.text === text);
  expect(word, `${text} among ${words.map((candidate) => candidate.text).join(" ")}`).toBeDefined();
  return word!;
};

test("a scan's text with a word corrected and a word inserted: words stay on their boxes, the new one on its line, and the searchable PDF finds them there", async ({
  request,
  auth,
}) => {
  const { batchId, pageUrl, read } = await readyPage(
    request,
    auth,
    await scannedPng(["Invoice from ACME SUPPLY Ltd", "Hex bolts M8 x 20 pieces"]),
  );
  const before = await read();
  const words = before.bounding_boxes.words;
  const [supply, m8, x] = [named(words, "SUPPLY"), named(words, "M8"), named(words, "x")];

  const text = before.extracted_text.replace("SUPPLY", "SUPPLIES").replace("M8", "M10 stainless");
  const edited = await request.put(pageUrl, { headers: auth, data: { extracted_text: text } });
  expect(edited.status(), await edited.text()).toBe(200);
  expect((await edited.json()).word_changes).toEqual({
    kept: words.length - 2,
    changed: 2,
    inserted: 1,
    removed: 0,
    text_replaced: false,
  });

  const after = await read();
  expect(after.extracted_text).toBe(text);
  const placed = after.bounding_boxes.words;
  expect(named(placed, "SUPPLIES")).toMatchObject({ box: supply.box, original_text: "SUPPLY" });
  expect(named(placed, "M10")).toMatchObject({ box: m8.box, original_text: "M8" });
  const stainless = named(placed, "stainless");
  expect(stainless.estimated).toBe(true);
  expect(stainless.box.x).toBeGreaterThanOrEqual(m8.box.x + m8.box.width);
  expect(stainless.box.x + stainless.box.width).toBeLessThanOrEqual(x.box.x);
  expect(stainless.box.y).toBeCloseTo(m8.box.y, 5);

  // The searchable PDF has each word's text where its box is on the page image.
  const pdf = await request.post(`/api/batch/${batchId}/export/pdf`, { headers: auth, data: { mode: "searchable" } });
  expect(pdf.status(), await pdf.text()).toBe(200);
  const runs = await pdfTextRuns(await pdf.body());
  for (const word of [named(placed, "SUPPLIES"), named(placed, "M10"), stainless]) {
    const run = runs.find((candidate) => candidate.text === word.text);
    expect(run, `${word.text} in ${runs.map((candidate) => candidate.text).join("|")}`).toBeDefined();
    // Its middle on the word's box (a word's place within its line is estimated from its letters).
    const middle = run!.x + run!.width / 2;
    expect(middle).toBeGreaterThan(word.box.x - 0.02);
    expect(middle).toBeLessThan(word.box.x + word.box.width + 0.02);
    expect(run!.baseline).toBeGreaterThan(word.box.y);
    expect(run!.baseline).toBeLessThan(word.box.y + word.box.height + 0.01);
  }
});

test("deleting and splitting words: deleted ones lose their boxes, split ones share the old box", async ({
  request,
  auth,
}) => {
  const { pageUrl, read } = await readyPage(
    request,
    auth,
    await digitalPdf([["Invoice from ACMESUPPLY Ltd", "Hex bolts M8 x 20 pieces"]]),
  );
  const before = await read();
  const merged = named(before.bounding_boxes.words, "ACMESUPPLY");
  const text = "Invoice from ACME SUPPLY\nHex bolts M8 x 20 pieces";
  const edited = await request.put(pageUrl, { headers: auth, data: { extracted_text: text } });
  expect(edited.status(), await edited.text()).toBe(200);
  expect((await edited.json()).word_changes).toEqual({
    kept: 8,
    changed: 1,
    inserted: 1,
    removed: 1,
    text_replaced: false,
  });

  const after = await read();
  expect(after.extracted_text).toBe(text);
  expect(after.bounding_boxes.words.map((word) => word.text)).not.toContain("Ltd");
  const [acme, supply] = [named(after.bounding_boxes.words, "ACME"), named(after.bounding_boxes.words, "SUPPLY")];
  for (const part of [acme, supply]) {
    expect(part).toMatchObject({ original_text: "ACMESUPPLY", estimated: true });
    expect(part.box.x).toBeGreaterThanOrEqual(merged.box.x - 1e-6);
    expect(part.box.x + part.box.width).toBeLessThanOrEqual(merged.box.x + merged.box.width + 1e-6);
  }
  expect(acme.box.x + acme.box.width).toBeLessThan(supply.box.x);
});

test("a whole-page replacement is accepted by both PUTs, with or without the page's boxes, and every reader has it", async ({
  request,
  auth,
}) => {
  const { batchId, documentId, pageUrl, read } = await readyPage(request, auth, await digitalPdf());
  const before = await read();

  const replaced = await request.put(pageUrl, {
    headers: auth,
    data: { extracted_text: "EDITED BY EVAL", bounding_boxes: before.bounding_boxes },
  });
  expect(replaced.status(), await replaced.text()).toBe(200);
  const page = await replaced.json();
  expect(page.extracted_text).toBe("EDITED BY EVAL");
  expect(page.word_changes).toMatchObject({ kept: 0, text_replaced: true });
  expect(page.bounding_boxes.text_replaced).toBe(true);

  const twice = await request.put(`/api/batch/${batchId}/document/${documentId}`, {
    headers: auth,
    data: [{ page_number: 1, extracted_text: "EDITED TWICE" }],
  });
  expect(twice.status(), await twice.text()).toBe(200);
  expect((await twice.json()).word_changes).toEqual([
    { page_number: 1, kept: 1, changed: 1, inserted: 0, removed: 1, text_replaced: true },
  ]);

  const after = await read();
  expect(after.extracted_text).toBe("EDITED TWICE");
  expect(after.bounding_boxes.words.map((word) => word.text)).toEqual(["EDITED", "TWICE"]);
  expect(after.bounding_boxes.words.every((word) => word.estimated)).toBe(true);

  const pdf = await request.post(`/api/batch/${batchId}/export/pdf`, { headers: auth, data: { mode: "searchable" } });
  expect(pdf.status(), await pdf.text()).toBe(200);
  const runs = await pdfTextRuns(await pdf.body());
  expect(runs.map((run) => run.text).join(" ")).toContain("EDITED TWICE");
  expect(runs.map((run) => run.text).join(" ")).not.toContain("INV-2041");

  const converted = await request.post(`/api/batch/documents/${documentId}/convert/text`, { headers: auth });
  expect(converted.status(), await converted.text()).toBe(200);
  expect((await converted.json()).content).toContain("EDITED TWICE");
});
