import { describe, expect, it } from "vitest";
import { modelAliases, modelVersions, resolveModel, tokensForPages, ModelError } from "./index";

describe("resolveModel", () => {
  it("defaults to docsvc-OCR-v1 and resolves aliases to the newest dated version", () => {
    expect(resolveModel(undefined, { kind: "ocr" }).id).toBe("docsvc-OCR-v1-2025-02");
    expect(resolveModel("docsvc-OCR-XL-v1").id).toBe("docsvc-OCR-XL-v1-2025-02");
    expect(resolveModel("docsvc-fill-v1", { kind: "fill" }).id).toBe("docsvc-fill-v1-2025-02");
    expect(modelAliases()).toEqual({
      "docsvc-OCR-v1": "docsvc-OCR-v1-2025-02",
      "docsvc-OCR-XL-v1": "docsvc-OCR-XL-v1-2025-02",
      "docsvc-fill-v1": "docsvc-fill-v1-2025-02",
    });
  });

  it("pins a dated id", () => {
    expect(resolveModel("docsvc-OCR-v1-2025-02", { kind: "ocr" }).alias).toBe("docsvc-OCR-v1");
  });

  it("refuses unknown and wrong-kind models naming the valid ones", () => {
    expect(() => resolveModel("gpt-ocr")).toThrow(ModelError);
    try {
      resolveModel("docsvc-fill-v1", { kind: "ocr" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ModelError);
      expect((error as ModelError).code).toBe("invalid_model");
      expect((error as ModelError).status).toBe(400);
      expect((error as ModelError).message).toContain("docsvc-OCR-v1");
      expect((error as ModelError).message).toContain("docsvc-OCR-XL-v1-2025-02");
      expect((error as ModelError).message).not.toContain("docsvc-fill-v1,");
    }
  });

  it("charges XL twice the tokens of v1 per page", () => {
    const v1 = resolveModel("docsvc-OCR-v1");
    const xl = resolveModel("docsvc-OCR-XL-v1");
    expect(tokensForPages(v1, 3)).toBe(3000);
    expect(tokensForPages(xl, 3)).toBe(6000);
    for (const version of modelVersions) {
      expect(version.tokensPerPage).toBeGreaterThanOrEqual(version.approxTokens.min);
      expect(version.tokensPerPage).toBeLessThanOrEqual(version.approxTokens.max);
    }
  });
});
