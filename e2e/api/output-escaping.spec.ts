import { expect, test } from "../support/fixtures";
import { parse as parseYaml } from "yaml";
import { DOMParser } from "@xmldom/xmldom";
import { digitalPdf, uploadBatch, waitForBatch } from "./batch-support";

// Page text as a caller or a document may carry it, through convert and convert-all over HTTP:
// half a surrogate pair and noncharacters are kept as U+FFFD and every format reads back; Markdown
// runs no markup, link or image; CSV starts no formula.

const HOSTILE_TEXT = [
  "a \ud800 b",
  "x \uFFFE y",
  "<script>alert(1)</script>",
  "[click](javascript:alert(1))",
  "![pixel](https://tracker.example/p.gif)",
].join("\n");

test("convert and convert-all take lone surrogates, U+FFFE, markup and formulas, and every format parses", async ({
  request,
  auth,
}) => {
  const upload = await uploadBatch(request, { headers: auth, files: [await digitalPdf()], batchName: "Escaping" });
  expect(upload.status(), await upload.text()).toBe(200);
  const batch = await upload.json();
  expect((await waitForBatch(request, batch.batch_id, auth)).status).toBe("completed");
  const results = await (await request.get(`/api/batch/results/${batch.batch_id}`, { headers: auth })).json();
  const documentId = results.documents[0].document_id as string;
  const pages = [
    {
      page_number: 1,
      extracted_text: HOSTILE_TEXT,
      structured_data: {
        key_value_pairs: [{ key: "Total", value: "＝1+1" }],
        tables: [{ rows: [["＋2", '=HYPERLINK("https://evil.example")']] }],
      },
    },
  ];

  const xml = await request.post(`/api/batch/documents/${documentId}/convert/xml`, { headers: auth, data: { pages } });
  expect(xml.status(), await xml.text()).toBe(200);
  const all = await request.post(`/api/batch/documents/${documentId}/convert-all`, { headers: auth, data: { pages } });
  expect(all.status(), await all.text()).toBe(200);
  const { formats } = await all.json();

  for (const [format, output] of Object.entries(formats as Record<string, { content: string }>)) {
    expect(output.content.isWellFormed(), format).toBe(true);
    expect(output.content, format).not.toMatch(/[\uFFFE\uFFFF]/);
  }
  const json = JSON.parse(formats.json.content);
  expect(json.pages[0].text).toContain("a \uFFFD b");
  expect(parseYaml(formats.yaml.content)).toEqual(json);
  const errors: string[] = [];
  new DOMParser({
    errorHandler: (level: string, message: string) => errors.push(`${level}: ${message}`),
  }).parseFromString(formats.xml.content, "text/xml");
  expect(errors).toEqual([]);
  expect(formats.xml.content).not.toMatch(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u);

  const markdown: string = formats.markdown.content;
  expect(markdown).not.toContain("<script");
  expect(markdown).toContain("&lt;script&gt;");
  expect(markdown).not.toMatch(/(?<!\\)\]\(javascript:/);
  expect(markdown).not.toMatch(/(?<!\\)!(?<!\\)\[pixel/);

  const csv: string = formats.csv.content;
  expect(csv).toContain("Total,'＝1+1");
  expect(csv).toContain("'＋2");
  expect(csv).toContain(`"'=HYPERLINK(""https://evil.example"")"`);
});
