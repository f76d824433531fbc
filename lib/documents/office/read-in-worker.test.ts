import { describe, expect, it } from "vitest";
import { paragraphBombDocx } from "../testing/make-archive-bombs";
import { makeDocx } from "../testing/make-office-files";
import { readInWorker } from "./read-in-worker";

describe("reading office documents in a worker", () => {
  it("reads a document and hands its pages back", async () => {
    const docx = await makeDocx({ heading: "Quarterly report", paragraphs: ["Revenue grew in every region"] });
    const pages = await readInWorker({ reader: "docx", formatId: "docx", bytes: docx });
    expect(pages).toHaveLength(1);
    expect(pages[0].text).toContain("Revenue grew in every region");
  });

  it("stops a document that exhausts the worker's heap and fails it alone", async () => {
    // Under the archive limits (40,000 paragraphs), but more than a 32 MB heap can parse.
    const heavy = paragraphBombDocx(40_000);
    const failure = readInWorker(
      { reader: "docx", formatId: "docx", bytes: heavy },
      { memoryMb: 32, timeoutMs: 120_000 },
    );
    await expect(failure).rejects.toMatchObject({
      code: "document_too_complex",
      status: 422,
      message: "Reading the Word document needed more than 32 MB of memory; it was stopped",
    });
    // This process is unharmed and the next document reads normally.
    const docx = await makeDocx({ heading: "Still here", paragraphs: ["after the failure"] });
    expect((await readInWorker({ reader: "docx", formatId: "docx", bytes: docx }))[0].text).toContain(
      "after the failure",
    );
  });

  it("stops a document that takes longer than its time limit", async () => {
    const docx = await makeDocx({ heading: "Slow", paragraphs: ["x"] });
    await expect(
      readInWorker({ reader: "docx", formatId: "docx", bytes: docx }, { memoryMb: 256, timeoutMs: 5 }),
    ).rejects.toMatchObject({
      code: "document_too_complex",
      message: "Reading the Word document took longer than 0.005 s; it was stopped",
    });
  });

  it("passes the reader's own refusals through with their codes", async () => {
    await expect(
      readInWorker({ reader: "docx", formatId: "docx", bytes: Buffer.from("not a zip at all") }),
    ).rejects.toMatchObject({
      code: "corrupt_document",
      message: "The Word document cannot be read",
    });
  });
});
