import { DOMParser } from "@xmldom/xmldom";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { serialiseAs } from "./output-formats";

// Text as documents and callers send it: half a surrogate pair, noncharacters, markup, links, images
// and formulas. Every format must hold it as text a standard reader takes, and run none of it.
const hostile = [
  "a \ud800 b",
  "x \uFFFE y \uFFFF",
  "<script>alert(1)</script>",
  '[click](javascript:alert(1)) <a href="javascript:alert(2)">here</a>',
  "![pixel](https://tracker.example/p.gif) <img src=https://tracker.example/q.gif>",
  "＝1+1",
  '=HYPERLINK("https://evil.example")',
].join("\n");

const converted = {
  file_name: "<b>report</b>.pdf",
  fields: { "Total \udc00": "＝1+1", "<i>key</i>": "@SUM(A1)" },
  key_values: [{ key: "Note", value: hostile, page: 1 }],
  tables: [
    {
      page: 1,
      rows: [
        ["＋2", "－3"],
        ["＠A1", "[x](javascript:alert(3))"],
      ],
    },
  ],
  pages: [
    {
      page_number: 1,
      text: hostile,
      key_values: [{ key: "Note", value: hostile }],
      tables: [{ rows: [["＝1+1", "<script>x</script>"]] }],
    },
  ],
};

/** XML 1.0's Char production: what a conforming XML reader accepts. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
/** YAML 1.2's printable set (c-printable), beside the line breaks and tab. */
const NOT_YAML_PRINTABLE = /[^\t\n\r\u0020-\u007E\u0085\u00A0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

describe("output formats", () => {
  it("carry lone surrogates and noncharacters as U+FFFD, so every reader takes them", () => {
    for (const format of ["json", "xml", "csv", "yaml", "markdown", "text"] as const) {
      const content = serialiseAs(format, converted, "document");
      expect(content.isWellFormed(), format).toBe(true);
      expect(content, format).not.toMatch(/[\uFFFE\uFFFF]/);
      expect(() => new TextEncoder().encode(content)).not.toThrow();
    }
    const json = JSON.parse(serialiseAs("json", converted));
    expect(json.pages[0].text).toContain("a \uFFFD b");
    expect(json.pages[0].text).toContain("x \uFFFD y \uFFFD");
    const yaml = serialiseAs("yaml", converted);
    expect(yaml).not.toMatch(NOT_YAML_PRINTABLE);
    expect(parseYaml(yaml)).toEqual(json);
    const xml = serialiseAs("xml", converted, "document");
    expect(xml).not.toMatch(NOT_XML_CHAR);
    const errors: string[] = [];
    const parsed = new DOMParser({
      errorHandler: (level: string, message: string) => errors.push(`${level}: ${message}`),
    }).parseFromString(xml, "text/xml");
    expect(errors).toEqual([]);
    expect(parsed.getElementsByTagName("text")[0]?.textContent).toContain("<script>alert(1)</script>");
  });

  it("writes Markdown that shows markup, links and images as text and runs none of them", () => {
    const markdown = serialiseAs("markdown", converted);
    // No raw HTML tag, no link or image syntax, no autolink: < > are entities, brackets escaped.
    expect(markdown).not.toMatch(/<(?!br>)[a-z/!]/i);
    expect(markdown).not.toMatch(/(?<!\\)\[[^\]]*(?<!\\)\]\(/);
    expect(markdown).not.toMatch(/(?<!\\)!(?<!\\)\[/);
    expect(markdown).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(markdown).toContain("\\[click\\](javascript:alert(1))");
    expect(markdown).toContain("\\!\\[pixel\\](https://tracker.example/p.gif)");
    expect(markdown).toContain("# &lt;b&gt;report&lt;/b&gt;.pdf");
  });

  it("neutralises formulas in CSV, full-width signs included", () => {
    const csv = serialiseAs("csv", converted);
    for (const line of csv.split("\r\n").filter(Boolean)) {
      for (const cell of line.split(",")) expect(cell, line).not.toMatch(/^"?[=+\-@＝＋－＠]/);
    }
    expect(csv).toContain("'＝1+1");
    expect(csv).toContain("'＋2,'－3");
    expect(csv).toContain("'＠A1");
    expect(csv).toContain("'@SUM(A1)");
  });
});
