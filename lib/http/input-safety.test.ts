import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import { jsonDepth } from "./input-safety";
import { route } from "./route";

// Probe finding 6 (b, c): a NUL character reaching PostgreSQL and a deeply nested JSON body were
// 500s. The route kit refuses both for every route, before the handler (or the caller's
// resolution) sees them.

let handled = 0;

const saveThing = route(
  defineRoute({
    method: "PUT",
    path: "/api/things/{thing_id}",
    surface: "api",
    auth: "none",
    operationId: "saveThing",
    summary: "test",
    tags: ["test"],
    params: z.object({ thing_id: z.string() }),
    query: z.object({ note: z.string().optional() }),
    body: z.object({ name: z.string().optional(), data: z.record(z.string(), z.unknown()).optional() }),
    responses: {},
  }),
  async () => {
    handled++;
    return { ok: true };
  },
);

const uploadThing = route(
  defineRoute({
    method: "POST",
    path: "/v1/things",
    surface: "v1",
    auth: "none",
    operationId: "uploadThing",
    summary: "test",
    tags: ["test"],
    form: z.object({
      file: z.file(),
      // JSON inside a form field, parsed by the schema: checked after parsing.
      mapping: z
        .string()
        .transform((text) => z.record(z.string(), z.string()).parse(JSON.parse(text)))
        .optional(),
    }),
    responses: {},
  }),
  async () => {
    handled++;
    return { ok: true };
  },
);

function put(options: { id?: string; query?: string; body: unknown }) {
  const id = options.id ?? "abc";
  const url = `http://test/api/things/${encodeURIComponent(id)}${options.query ?? ""}`;
  const body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  return saveThing(new Request(url, { method: "PUT", body, headers: { "content-type": "application/json" } }), {
    params: Promise.resolve({ thing_id: id }),
  });
}

function upload(fileName: string, mapping?: string) {
  const form = new FormData();
  form.append("file", new File(["hello"], fileName));
  if (mapping !== undefined) form.append("mapping", mapping);
  return uploadThing(new Request("http://test/v1/things", { method: "POST", body: form }), {
    params: Promise.resolve({}),
  });
}

function nested(depth: number): unknown {
  let value: unknown = "leaf";
  for (let level = 0; level < depth; level++) value = { child: value };
  return value;
}

describe("the route kit's input safety", () => {
  it("refuses NUL characters in path, query and JSON body with a 422 naming where", async () => {
    const before = handled;
    const inPath = await put({ id: "guest_\u0000", body: {} });
    expect(inPath.status).toBe(422);
    expect((await inPath.json()).detail).toEqual([
      { loc: ["path", "thing_id"], msg: "must not contain NUL (U+0000) characters", type: "string_nul_character" },
    ]);
    expect((await (await put({ query: "?note=a%00b", body: {} })).json()).detail[0].loc).toEqual(["query", "note"]);
    const inBody = await put({ body: { name: "key\u0000name", data: { list: ["ok", "bad\u0000"] } } });
    expect((await inBody.json()).detail.map((issue: { loc: unknown[] }) => issue.loc)).toEqual([
      ["body", "data", "list", 1],
      ["body", "name"],
    ]);
    expect(handled).toBe(before);
  });

  it("refuses NUL in form fields, file names and JSON parsed from a form field", async () => {
    const before = handled;
    const badName = await upload("re\u0000port.pdf");
    expect(badName.status).toBe(422);
    expect(await badName.json()).toMatchObject({
      error: { code: "validation_error", message: "body.file: the file name must not contain NUL (U+0000) characters" },
    });
    const badMapping = await upload("report.pdf", JSON.stringify({ field: "a\u0000" }));
    expect((await badMapping.json()).error.details).toEqual([
      {
        loc: ["body", "mapping", "field"],
        msg: "must not contain NUL (U+0000) characters",
        type: "string_nul_character",
      },
    ]);
    expect(handled).toBe(before);
    expect((await upload("report.pdf", JSON.stringify({ field: "fine" }))).status).toBe(200);
  });

  it("refuses file names longer than 255 characters", async () => {
    const response = await upload(`${"n".repeat(5_000)}.pdf`);
    expect(response.status).toBe(422);
    expect((await response.json()).error.message).toBe(
      "body.file: the file name is 5004 characters long; at most 255 are allowed",
    );
  });

  it("refuses JSON nesting 5,000 levels deep with a 422 instead of overflowing the stack", async () => {
    const text = `{"data":${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}}`;
    expect(text.length).toBeLessThan(40_000);
    const response = await put({ body: text });
    expect(response.status).toBe(422);
    expect((await response.json()).detail).toEqual([
      {
        loc: ["body"],
        msg: "The JSON body nests deeper than 64 levels; at most 64 are accepted",
        type: "json_too_deep",
      },
    ]);
    expect((await put({ body: { data: nested(60) } })).status).toBe(200);
  });

  it("measures depth without recursion", () => {
    expect(jsonDepth("x", 64)).toBe(0);
    expect(jsonDepth({ a: [1, { b: 2 }] }, 64)).toBe(3);
    expect(jsonDepth(nested(100_000), 64)).toBe(65);
  });
});
