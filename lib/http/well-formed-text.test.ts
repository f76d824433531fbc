import { describe, expect, it } from "vitest";
import { parseJsonBody } from "./read-body";
import { wellFormedText } from "@/lib/text/well-formed-text";

describe("well-formed text", () => {
  it("replaces lone surrogates and U+FFFE/U+FFFF with U+FFFD and keeps real pairs", () => {
    expect(wellFormedText("a \ud800 b \udc00 c")).toBe("a \uFFFD b \uFFFD c");
    expect(wellFormedText("x \uFFFE y \uFFFF")).toBe("x \uFFFD y \uFFFD");
    expect(wellFormedText("上海 🚀")).toBe("上海 🚀");
  });

  it("is applied once to every string and key of a JSON body as it enters", () => {
    // The escapes are JSON's own: the body is valid JSON carrying half a surrogate pair.
    const body = new TextEncoder().encode(
      '{"pages":[{"page_number":1,"extracted_text":"a \\ud800 b"}],"k\\udfff":["\\ufffe",{"deep":"\\udbff"}]}',
    );
    const parsed = parseJsonBody(body);
    expect(parsed).toEqual({
      ok: true,
      value: { pages: [{ page_number: 1, extracted_text: "a \uFFFD b" }], "k\uFFFD": ["\uFFFD", { deep: "\uFFFD" }] },
    });
  });
});
