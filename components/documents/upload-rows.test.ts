import { describe, expect, it } from "vitest";
import type { BatchUpload } from "./types";
import { uploadRows } from "./upload-rows";

function answer(documentIds: string[], rejected: { file_index: number; message: string }[]): BatchUpload {
  return {
    documents: documentIds.map((document_id) => ({ document_id })),
    rejected: rejected.map((file) => ({ ...file, file_name: `f${file.file_index}`, code: "unsupported_format" })),
  } as unknown as BatchUpload;
}

describe("uploadRows", () => {
  it("puts refused files at their positions and the accepted documents in the others, in order", () => {
    expect(
      uploadRows(
        4,
        answer(
          ["a", "b"],
          [
            { file_index: 1, message: "Cannot read" },
            { file_index: 3, message: "Empty" },
          ],
        ),
      ),
    ).toEqual([
      { kind: "accepted", documentId: "a" },
      { kind: "refused", reason: "Cannot read" },
      { kind: "accepted", documentId: "b" },
      { kind: "refused", reason: "Empty" },
    ]);
  });

  it("keeps every file sending until the answer comes, and refuses every file when the upload was refused", () => {
    expect(uploadRows(2)).toEqual([{ kind: "sending" }, { kind: "sending" }]);
    expect(uploadRows(2, undefined, "Too many pages")).toEqual([
      { kind: "refused", reason: "Too many pages" },
      { kind: "refused", reason: "Too many pages" },
    ]);
  });
});
