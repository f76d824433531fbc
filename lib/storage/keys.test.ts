import { describe, expect, it } from "vitest";
import { batchPrefix, jobOutputKey, originalKey, pageImageKey } from "./keys";
import { StorageKeyError } from "./storage-key-error";

describe("blob keys", () => {
  it("builds the documented layout", () => {
    expect(originalKey("b1", "d1", ".PDF")).toBe("batches/b1/d1/original.pdf");
    expect(pageImageKey("b1", "d1", 3)).toBe("batches/b1/d1/pages/3.png");
    expect(batchPrefix("b1")).toBe("batches/b1/");
    expect(jobOutputKey("j1", "filled.pdf")).toBe("jobs/j1/filled.pdf");
  });

  it("refuses ids and names that would change the path", () => {
    expect(() => originalKey("../b", "d", "pdf")).toThrow(StorageKeyError);
    expect(() => originalKey("b", "d/e", "pdf")).toThrow(StorageKeyError);
    expect(() => originalKey("b", "d", "p/df")).toThrow(StorageKeyError);
    expect(() => pageImageKey("b", "d", 0)).toThrow(StorageKeyError);
    expect(() => jobOutputKey("j", "../x.pdf")).toThrow(StorageKeyError);
    expect(() => jobOutputKey("j", "a/b.pdf")).toThrow(StorageKeyError);
  });
});
