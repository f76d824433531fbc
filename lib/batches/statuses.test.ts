import { describe, expect, it } from "vitest";
import { deriveBatchStatus, finishedDocumentStatus } from "./statuses";
import { invalidateBatchStatus, readStatusCache, statusCacheMark, writeStatusCache } from "./status-cache";

describe("status state machine", () => {
  it("finishes a document by its failed pages", () => {
    expect(finishedDocumentStatus({ total: 3, failed: 0 })).toBe("completed");
    expect(finishedDocumentStatus({ total: 3, failed: 1 })).toBe("partially_completed");
    expect(finishedDocumentStatus({ total: 3, failed: 3 })).toBe("failed");
    expect(finishedDocumentStatus({ total: 0, failed: 0 })).toBe("failed");
  });

  it("derives a batch's status from its documents", () => {
    expect(deriveBatchStatus(["completed", "processing", "queued"])).toBe("processing");
    expect(deriveBatchStatus(["completed", "queued"])).toBe("queued");
    expect(deriveBatchStatus(["uploaded", "uploaded"])).toBe("uploaded");
    expect(deriveBatchStatus(["completed", "completed"])).toBe("completed");
    expect(deriveBatchStatus(["failed", "failed"])).toBe("failed");
    expect(deriveBatchStatus(["completed", "failed"])).toBe("partially_completed");
    expect(deriveBatchStatus(["completed", "partially_completed"])).toBe("partially_completed");
  });

  it("caches a status for 2 s and forgets it when invalidated", () => {
    writeStatusCache({ batchId: "b1", value: { n: 1 }, now: 1_000 });
    expect(readStatusCache("b1", 2_999)).toEqual({ n: 1 });
    expect(readStatusCache("b1", 3_000)).toBeUndefined();
    writeStatusCache({ batchId: "b1", value: { n: 2 } });
    invalidateBatchStatus("b1");
    expect(readStatusCache("b1")).toBeUndefined();
  });

  it("does not cache a status read before the batch changed", () => {
    const mark = statusCacheMark();
    invalidateBatchStatus("b2");
    writeStatusCache({ batchId: "b2", value: { n: 1 }, mark });
    expect(readStatusCache("b2")).toBeUndefined();
    const later = statusCacheMark();
    invalidateBatchStatus("b3");
    writeStatusCache({ batchId: "b2", value: { n: 2 }, mark: later });
    expect(readStatusCache("b2")).toEqual({ n: 2 });
  });
});
