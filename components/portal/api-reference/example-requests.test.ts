import { describe, expect, it } from "vitest";
import { getOpenApiDocument } from "@/lib/openapi/get-openapi-document";
import { exampleRequests } from "./example-requests";
import { listOperationsByTag } from "./read-openapi";

const operations = listOperationsByTag(getOpenApiDocument()).flatMap((group) => group.operations);
const byId = (id: string) => {
  const operation = operations.find((candidate) => candidate.id === id);
  if (!operation) throw new Error(`no operation ${id}`);
  return operation;
};

describe("exampleRequests", () => {
  it("sends a file as multipart with an API key for /v1/extract", () => {
    const { curl, javascript, python } = exampleRequests(byId("v1Extract"), "https://docs.example");
    expect(curl).toBe(
      [
        'curl -X POST "https://docs.example/v1/extract"',
        '  -H "Authorization: Bearer sd_YOUR_API_KEY"',
        '  -F "file=@document.pdf"',
      ].join(" \\\n"),
    );
    expect(javascript).toContain('form.append("file", fileInput.files[0]);');
    expect(javascript).toContain('headers: { "Authorization": "Bearer sd_YOUR_API_KEY" },');
    expect(python).toContain('files={"file": open("document.pdf", "rb")},');
  });

  it("fills path parameters and writes JSON bodies in each language", () => {
    const rename = exampleRequests(byId("batchRename"), "http://localhost:3000");
    expect(rename.curl).toContain('curl -X PATCH "http://localhost:3000/api/batch/BATCH_ID"');
    expect(rename.curl).toContain(`-d '{\n  "batch_name": "…"\n}'`);
    expect(rename.python).toContain('json={"batch_name": "…"},');
    expect(rename.javascript).toContain("body: JSON.stringify({");
  });

  it("puts the developer API's sections first", () => {
    const tags = listOperationsByTag(getOpenApiDocument());
    const firstInternal = tags.findIndex((group) => !group.operations.some((op) => op.path.startsWith("/v1/")));
    const lastDeveloper = tags.findLastIndex((group) => group.operations.some((op) => op.path.startsWith("/v1/")));
    expect(lastDeveloper).toBeLessThan(firstInternal);
  });
});
