import { describe, expect, it } from "vitest";
import { LIBRARY_MAX_BYTES, libraryContentTypeFor, libraryUploadProblem } from "./library-upload-rules";

describe("libraryUploadProblem", () => {
  it("lets a spreadsheet, a PDF and a CSV through", () => {
    expect(libraryUploadProblem({ name: "Template.XLSX", size: 10 })).toBeUndefined();
    expect(libraryUploadProblem({ name: "a.pdf", size: 10 })).toBeUndefined();
    expect(libraryUploadProblem({ name: "rows.csv", size: 1 })).toBeUndefined();
  });

  it("refuses an unknown kind, a name without extension, an empty file and one over the limit", () => {
    expect(libraryUploadProblem({ name: "setup.exe", size: 10 })).toMatch(/setup\.exe is not a file the library keeps/);
    expect(libraryUploadProblem({ name: "README", size: 10 })).toMatch(/not a file the library keeps/);
    expect(libraryUploadProblem({ name: "a.xlsx", size: 0 })).toBe("a.xlsx is empty. Choose a file that has content.");
    expect(libraryUploadProblem({ name: "big.pdf", size: LIBRARY_MAX_BYTES + 1 })).toMatch(
      /big\.pdf is 100\.0 MB; the library takes files up to 100 MB/,
    );
    expect(libraryUploadProblem({ name: "max.pdf", size: LIBRARY_MAX_BYTES })).toBeUndefined();
  });

  it("guesses the type the save route records", () => {
    expect(libraryContentTypeFor("t.xlsx")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(libraryContentTypeFor("x.bin")).toBe("application/octet-stream");
  });
});
