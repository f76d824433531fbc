import { describe, expect, it } from "vitest";
import { requestSnippets } from "./request-snippets";
import { moveField, parseSchemaJson, schemaProblem } from "./schema-fields";

const fields = [
  { name: "invoice_number", type: "string" as const },
  { name: "total", type: "number" as const },
];

describe("schema fields", () => {
  it("moves a field up or down and ignores moves off the ends", () => {
    expect(moveField(fields, 1, -1).map((field) => field.name)).toEqual(["total", "invoice_number"]);
    expect(moveField(fields, 0, -1)).toBe(fields);
    expect(moveField(fields, 1, 1)).toBe(fields);
  });

  it("names the problem: no fields, a blank name, a repeated name", () => {
    expect(schemaProblem([])).toBe("Add at least one field.");
    expect(schemaProblem([{ name: " ", type: "string" }])).toBe("Field 1 needs a name.");
    expect(schemaProblem([...fields, { name: "total", type: "date" }])).toBe('Two fields are called "total".');
    expect(schemaProblem(fields)).toBeUndefined();
  });

  it("reads the API's schema JSON back, with string as the default type, and refuses what the API would", () => {
    expect(parseSchemaJson('[{"name":"a"},{"name":"b","type":"date"}]')).toEqual({
      fields: [
        { name: "a", type: "string" },
        { name: "b", type: "date" },
      ],
    });
    expect(parseSchemaJson("{").error).toMatch(/not JSON/);
    expect(parseSchemaJson('{"name":"a"}').error).toMatch(/JSON array/);
    expect(parseSchemaJson('[{"name":"a","type":"money"}]').error).toBe(
      "Item 1 needs a name and a type of string, number or date.",
    );
  });
});

describe("request snippets", () => {
  it("send the same schema to /v1/extract with the key as a placeholder, quoted for each language", () => {
    const snippets = requestSnippets({
      origin: "http://localhost:3000",
      fileName: "it's.pdf",
      fields: [{ name: "owner's name", type: "string" }],
    });
    expect(snippets.curl).toContain("http://localhost:3000/v1/extract");
    expect(snippets.curl).toContain(`-F schema='[{"name":"owner'\\''s name","type":"string"}]'`);
    expect(snippets.curl).toContain("$DOCSVC_API_KEY");
    expect(snippets.fetch).toContain(JSON.stringify(JSON.stringify([{ name: "owner's name", type: "string" }])));
    expect(snippets.python).toContain(`open("it's.pdf", "rb")`);
    expect(JSON.stringify(snippets)).not.toMatch(/sd_[A-Za-z0-9]/);
  });
});
