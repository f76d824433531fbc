import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors/app-error";
import {
  assertFileCount,
  assertFileSize,
  assertPageTotal,
  guestUploadLimits,
  tierUploadLimits,
  userUploadLimits,
} from "./upload-limits";

const MB = 1024 * 1024;

function refusal(check: () => void): AppError {
  try {
    check();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("upload limits", () => {
  it("takes a tier's own limits, capped by a model's pages per request", () => {
    expect(tierUploadLimits("starter")).toMatchObject({ maxFileSizeBytes: 25 * MB, maxPages: 50 });
    const capped = tierUploadLimits("scale", { id: "small-model", maxPagesPerRequest: 20 });
    expect(capped).toMatchObject({ maxPages: 20, holder: { kind: "model", name: "small-model" } });
    expect(refusal(() => assertPageTotal(capped, 21)).message).toBe(
      "The request has 21 pages; the model small-model allows at most 20 pages per request.",
    );
  });

  it("never gives a signed-in user less than a guest for a batch upload", () => {
    expect(userUploadLimits("free")).toMatchObject({ maxFileSizeBytes: 10 * MB, maxPages: 46 });
    expect(userUploadLimits("scale")).toMatchObject({ maxFileSizeBytes: 100 * MB, maxPages: 200 });
  });

  it("refuses a file over the size limit with 413 file_too_large, naming the tier or the guest session", () => {
    const size = 10 * MB + 100 * 1024;
    const tier = refusal(() => assertFileSize(tierUploadLimits("free"), { name: "scan.pdf", size }));
    expect(tier).toMatchObject({ code: "file_too_large", status: 413 });
    expect(tier.message).toBe("scan.pdf is 10.1 MB; the Free tier accepts files of at most 10 MB.");
    const guest = refusal(() => assertFileSize(guestUploadLimits({ files: 0, pages: 0 }), { name: "", size }));
    expect(guest.message).toBe("The file is 10.1 MB; a guest session accepts files of at most 10 MB.");
    expect(() => assertFileSize(tierUploadLimits("free"), { name: "ok.pdf", size: 10 * MB })).not.toThrow();
  });

  it("refuses too many pages with 413 too_many_pages for a tier and 403 for a guest session", () => {
    const tier = refusal(() => assertPageTotal(tierUploadLimits("free"), 11));
    expect(tier).toMatchObject({ code: "too_many_pages", status: 413 });
    expect(tier.message).toBe("The request has 11 pages; the Free tier allows at most 10 pages per request.");
    expect(() => assertPageTotal(tierUploadLimits("free"), 10)).not.toThrow();
    const guest = refusal(() => assertPageTotal(guestUploadLimits({ files: 0, pages: 40 }), 7));
    expect(guest).toMatchObject({ code: "forbidden", status: 403 });
    expect(guest.message).toMatch(/^The request has 7 pages; this guest session has 6 left\. Guests may upload 1 file/);
  });

  it("refuses no file with 422 and a guest's file beyond its allowance with 403", () => {
    expect(refusal(() => assertFileCount(tierUploadLimits("free"), 0))).toMatchObject({
      code: "validation_error",
      status: 422,
    });
    const spent = refusal(() => assertFileCount(guestUploadLimits({ files: 1, pages: 3 }), 1));
    expect(spent).toMatchObject({ code: "forbidden", status: 403 });
    expect(spent.message).toMatch(/^This guest session can upload 0 more files\. /);
    expect(() => assertFileCount(tierUploadLimits("free"), 30)).not.toThrow();
  });
});
