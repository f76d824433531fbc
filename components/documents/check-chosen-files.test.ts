import { describe, expect, it } from "vitest";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import {
  checkChosenFile,
  checkChosenTotals,
  countPdfPagesInBrowser,
  type BrowserUploadLimits,
} from "./check-chosen-files";

const MB = 1024 * 1024;
const limits: BrowserUploadLimits = {
  maxFileSizeBytes: 10 * MB,
  maxPages: 46,
  maxRequestBytes: 20 * MB,
  readableExtensions: ["pdf", "png", "docx"],
  unavailableFormats: [{ name: "Rich Text Format", extensions: ["rtf"] }],
  tokens: { available: 50_000, perPage: 1_000 },
};

async function pdfFile(name: string, pages: number): Promise<File> {
  const bytes = await makeTextPdf(Array.from({ length: pages }, (_, index) => [`Page ${index + 1}`]));
  return new File([new Uint8Array(bytes)], name, { type: "application/pdf" });
}

describe("checkChosenFile", () => {
  it("counts a PDF's pages and refuses one with more than an upload may have", async () => {
    expect(await checkChosenFile(await pdfFile("short.pdf", 3), limits, countPdfPagesInBrowser)).toEqual({ pages: 3 });
    expect(await checkChosenFile(await pdfFile("long.pdf", 47), limits, countPdfPagesInBrowser)).toEqual({
      pages: 47,
      problem: "The PDF has 47 pages; an upload may have 46.",
    });
  });

  it("refuses empty and oversized files and types this server does not read, naming what to do", async () => {
    const check = (file: File) => checkChosenFile(file, limits, countPdfPagesInBrowser);
    expect((await check(new File([], "empty.png"))).problem).toBe("The file is empty.");
    expect((await check(new File([new Uint8Array(11 * MB)], "big.png"))).problem).toBe(
      "The file is 11.0 MB; files of up to 10.0 MB can be uploaded.",
    );
    expect((await check(new File(["x"], "letter.RTF"))).problem).toBe(
      "This server cannot read Rich Text Format files. Convert it to PDF or DOCX, or ask the administrator to enable LibreOffice.",
    );
    expect((await check(new File(["x"], "setup.exe"))).problem).toBe(
      "This type of file cannot be read. Upload a PDF, an image or an office document.",
    );
    // No extension: the server reads the type from the bytes.
    expect(await check(new File(["x"], "scan"))).toEqual({ pages: undefined });
  });

  it("leaves a PDF the browser cannot open to the server", async () => {
    const broken = new File(["%PDF-1.7 nothing else"], "broken.pdf");
    expect(await checkChosenFile(broken, limits, countPdfPagesInBrowser)).toEqual({});
  });
});

describe("checkChosenTotals", () => {
  const file = (size: number) => new File([new Uint8Array(size)], "f.pdf");

  it("refuses too many files, pages, tokens or bytes together, and passes what fits", () => {
    expect(checkChosenTotals([{ file: file(10), check: { pages: 40 } }], limits)).toBeUndefined();
    expect(
      checkChosenTotals(
        [
          { file: file(10), check: { pages: 30 } },
          { file: file(10), check: { pages: 20 } },
        ],
        limits,
      ),
    ).toBe("These files have at least 50 pages together; one upload may have 46. Upload them in smaller batches.");
    expect(
      checkChosenTotals([{ file: file(10), check: { pages: 1 } }, { file: file(10) }], { ...limits, maxFiles: 1 }),
    ).toBe("2 files chosen; one upload may have 1 file.");
    expect(
      checkChosenTotals([{ file: file(10), check: { pages: 30 } }], {
        ...limits,
        tokens: { available: 20_000, perPage: 1_000 },
      }),
    ).toBe("These files have at least 30 pages, which take 30,000 tokens; 20,000 are left this month.");
    expect(checkChosenTotals([{ file: file(9 * MB) }, { file: file(9 * MB) }, { file: file(9 * MB) }], limits)).toBe(
      "These files are 27.0 MB together; one upload may send 20.0 MB. Upload them in smaller batches.",
    );
  });
});
