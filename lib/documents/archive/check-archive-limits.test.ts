import { describe, expect, it } from "vitest";
import { DocumentError } from "@/lib/errors/document-error";
import { inspectDocument } from "../inspect-document";
import { readDocument } from "../read-document";
import {
  deeplyNestedDocx,
  hugeTextDocx,
  paragraphBombDocx,
  partsOf,
  withBomb,
  writeZip,
} from "../testing/make-archive-bombs";
import { makeDocx, makeXlsx } from "../testing/make-office-files";
import { archiveLimits, checkArchiveLimits } from "./check-archive-limits";

async function refusal(promise: Promise<unknown>): Promise<DocumentError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DocumentError);
  return error as DocumentError;
}

describe("office archive limits", () => {
  it("passes real documents and counts what they hold", async () => {
    const docx = await makeDocx({ heading: "Report", paragraphs: ["one", "two"], table: [["a", "b"]] });
    const summary = await checkArchiveLimits(docx);
    expect(summary.paragraphs).toBeGreaterThanOrEqual(5);
    expect(summary.cells).toBe(2);
    expect(
      (
        await checkArchiveLimits(
          await makeXlsx({
            Sheet: [
              ["x", 1],
              ["y", 2],
            ],
          }),
        )
      ).cells,
    ).toBe(4);
  });

  it("refuses the probe's 2,000,000-paragraph DOCX while unpacking it, at every entry point", async () => {
    const bomb = paragraphBombDocx(2_000_000);
    expect(bomb.length).toBeLessThan(400_000);
    const memoryBefore = process.memoryUsage().heapUsed;
    // One at a time: started together, a refusal not yet awaited would be an unhandled rejection.
    for (const attempt of [
      () => checkArchiveLimits(bomb),
      () => inspectDocument(bomb),
      () => readDocument({ bytes: bomb }),
    ]) {
      const error = await refusal(attempt());
      expect(error).toMatchObject({ code: "document_too_large", status: 413 });
      expect(error.message).toBe("The document has more than 50,000 paragraphs; at most 50,000 can be read");
    }
    // Stopped after the first few megabytes of its 76 MB of XML: nothing large was ever held.
    expect(process.memoryUsage().heapUsed - memoryBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it("refuses a DOCX holding 100 MB of text instead of answering it read nothing", async () => {
    const error = await refusal(readDocument({ bytes: hugeTextDocx(100) }));
    expect(error).toMatchObject({ code: "document_too_large" });
    expect(error.message).toBe(
      "word/document.xml inside the document unpacks to more than 64 MB; at most 64 MB per part can be read",
    );
  });

  it("measures real sizes, not the sizes an entry declares", async () => {
    const parts = await partsOf(await makeDocx({ heading: "x", paragraphs: ["y"] }));
    const liar = withBomb(parts, { name: "word/media/image1.bin", megabytes: 260, declaredSize: 100 });
    const error = await refusal(readDocument({ bytes: liar }));
    expect(error.message).toBe("The document unpacks to more than 256 MB; at most 256 MB can be read");
  });

  it("refuses entries that share one compressed blob (an overlapping zip bomb) inside an XLSX", async () => {
    const parts = await partsOf(await makeXlsx({ Sheet: [["x"]] }));
    const bomb = withBomb(parts, { name: "xl/media/blob.bin", megabytes: 40, copies: 8 });
    expect(bomb.length).toBeLessThan(1_000_000);
    expect((await refusal(inspectDocument(bomb))).message).toContain("unpacks to more than 256 MB");
  });

  it("refuses too many entries from the directory alone", async () => {
    const entries = Array.from({ length: archiveLimits.maxEntries + 1 }, (_, index) => ({
      name: `word/part${index}.bin`,
      data: "",
    }));
    const many = writeZip([{ name: "[Content_Types].xml", data: "<Types/>" }, ...entries]);
    expect((await refusal(checkArchiveLimits(many))).message).toBe(
      "The document holds 10,002 files inside; at most 10,000 are allowed",
    );
  });

  it("refuses deep nesting and DTDs before a parser recurses into them", async () => {
    expect((await refusal(readDocument({ bytes: deeplyNestedDocx(5_000) }))).message).toBe(
      "The document nests its elements more than 128 levels deep; at most 128 can be read",
    );
    const types =
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa">]><w:document xmlns:w="x"><w:body>&a;</w:body></w:document>';
    const withDtd = writeZip([
      { name: "[Content_Types].xml", data: types },
      { name: "word/document.xml", data: laughs },
    ]);
    expect(await refusal(readDocument({ bytes: withDtd }))).toMatchObject({
      code: "corrupt_document",
      message: "word/document.xml inside the document declares a DTD, which office documents may not contain",
    });
  });

  it("refuses a bomb in the part that names the type", async () => {
    const bomb = withBomb([], { name: "[Content_Types].xml", megabytes: 8 });
    expect((await refusal(readDocument({ bytes: bomb }))).code).toBe("document_too_large");
  });

  it("answers damaged archives as corrupt, not as a crash", async () => {
    const docx = await makeDocx({ heading: "x", paragraphs: ["y"] });
    for (const broken of [
      docx.subarray(0, docx.length - 30),
      Buffer.concat([docx.subarray(0, 60), Buffer.alloc(40), docx.subarray(100)]),
    ]) {
      expect((await refusal(readDocument({ bytes: broken }))).status).toBeLessThan(500);
    }
  });
});
