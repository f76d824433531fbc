import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineRoute } from "@/lib/contracts/contract";
import { AppError } from "@/lib/errors/app-error";
import { route } from "./route";
import { notFoundRoutes, serveRoutes } from "./serve-routes";

const noParams = { params: Promise.resolve({}) };

const createThing = defineRoute({
  method: "POST",
  path: "/api/things/{thing_id}",
  surface: "api",
  auth: "none",
  operationId: "createThing",
  summary: "test",
  tags: ["test"],
  params: z.object({ thing_id: z.uuid() }),
  query: z.object({ limit: z.coerce.number().int().default(50), tag: z.array(z.string()).default([]) }),
  body: z.object({ email: z.email(), count: z.number().int().optional() }),
  responses: { 200: z.object({ ok: z.boolean() }) },
  maxBodyBytes: 200,
});

const echo = route(createThing, async ({ params, query, body, caller }) => ({ params, query, body, caller }));
const thingId = "5b0b4a5e-8a43-4d7e-9c53-0f4f4e1f2a11";
const post = (
  body: string,
  url = `http://test/api/things/${thingId}?tag=a`,
  params: Record<string, string> = { thing_id: thingId },
) =>
  echo(new Request(url, { method: "POST", body, headers: { "content-type": "application/json" } }), {
    params: Promise.resolve(params),
  });

describe("route()", () => {
  it("hands the handler typed params, query and body", async () => {
    const response = await post(JSON.stringify({ email: "a@b.co" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      params: { thing_id: thingId },
      query: { limit: 50, tag: ["a"] },
      body: { email: "a@b.co" },
      caller: { kind: "anonymous" },
    });
  });

  it("reports every invalid input at once as FastAPI's 422", async () => {
    const response = await post(JSON.stringify({ count: "3" }), "http://test/api/things/nope?limit=x", {
      thing_id: "nope",
    });
    expect(response.status).toBe(422);
    const { detail } = await response.json();
    expect(detail).toEqual([
      { loc: ["path", "thing_id"], msg: expect.any(String), type: "uuid_parsing" },
      { loc: ["query", "limit"], msg: expect.any(String), type: "number_type" },
      { loc: ["body", "email"], msg: "Field required", type: "missing" },
      { loc: ["body", "count"], msg: expect.any(String), type: "number_type" },
    ]);
  });

  it("answers 422 with a clear message for malformed JSON and for a missing body", async () => {
    const malformed = await post("{not json");
    expect(malformed.status).toBe(422);
    expect((await malformed.json()).detail[0]).toMatchObject({
      loc: ["body"],
      type: "json_invalid",
      msg: expect.stringContaining("JSON decode error"),
    });
    const empty = await post("");
    expect((await empty.json()).detail).toEqual([{ loc: ["body"], msg: "Field required", type: "missing" }]);
  });

  it("takes a JSON body only with a JSON content type (415 otherwise), so a cross-site form cannot post one", async () => {
    const send = (contentType: string | undefined) =>
      echo(
        new Request(`http://test/api/things/${thingId}`, {
          method: "POST",
          body: JSON.stringify({ email: "a@b.co" }),
          headers: contentType ? { "content-type": contentType } : {},
        }),
        { params: Promise.resolve({ thing_id: thingId }) },
      );
    for (const refused of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/jsonp",
      undefined,
    ]) {
      const response = await send(refused);
      expect(response.status, refused).toBe(415);
      expect((await response.json()).detail).toMatch(/^Expected Content-Type: application\/json, got /);
    }
    for (const accepted of ["application/json; charset=utf-8", "Application/JSON", "application/merge-patch+json"])
      expect((await send(accepted)).status, accepted).toBe(200);
  });

  it("refuses a body over the limit with 413", async () => {
    const response = await post(JSON.stringify({ email: "a@b.co", padding: "x".repeat(500) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ detail: "The request body is too large; at most 200 bytes per request" });
  });

  it("renders thrown AppErrors in the /v1 shape on the developer surface", async () => {
    const v1 = route(
      defineRoute({
        method: "GET",
        path: "/v1/x",
        surface: "v1",
        auth: "none",
        operationId: "x",
        summary: "x",
        tags: [],
        responses: {},
      }),
      async () => {
        throw new AppError("not_found", "Job not found");
      },
    );
    const response = await v1(new Request("http://test/v1/x"), noParams);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: "not_found", message: "Job not found" } });
  });

  it("puts hook headers on success and error responses, and lets a hook refuse", async () => {
    let remaining = 1;
    const contract = defineRoute({
      method: "GET",
      path: "/v1/limited",
      surface: "v1",
      auth: "none",
      operationId: "limited",
      summary: "x",
      tags: [],
      responses: {},
      hooks: [
        async () => {
          if (remaining === 0)
            throw new AppError("rate_limit_exceeded", undefined, {
              headers: { "Retry-After": "30", "X-RateLimit-Remaining": "0" },
            });
          remaining -= 1;
          return { "X-RateLimit-Remaining": String(remaining) };
        },
      ],
    });
    const limited = route(contract, async () => ({ ok: true }));
    const first = await limited(new Request("http://test/v1/limited"), noParams);
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-remaining")).toBe("0");
    const second = await limited(new Request("http://test/v1/limited"), noParams);
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("30");
    expect(await second.json()).toEqual({ error: { code: "rate_limit_exceeded", message: "Rate limit exceeded" } });
  });
});

describe("forms", () => {
  const upload = route(
    defineRoute({
      method: "POST",
      path: "/api/upload",
      surface: "api",
      auth: "none",
      operationId: "upload",
      summary: "x",
      tags: [],
      form: z.object({
        files: z.array(z.file()).min(1),
        batch_name: z.string().optional(),
        skip_processing: z.stringbool().default(false),
      }),
      responses: {},
    }),
    async ({ form }) => ({
      names: form.files.map((file) => file.name),
      sizes: form.files.map((file) => file.size),
      text: await form.files[0].text(),
      batch_name: form.batch_name,
      skip_processing: form.skip_processing,
    }),
  );

  it("parses multipart fields and hands over File objects", async () => {
    const body = new FormData();
    body.append("files", new File(["hello pdf"], "a.pdf", { type: "application/pdf" }));
    body.append("batch_name", "Invoices");
    body.append("skip_processing", "true");
    const response = await upload(new Request("http://test/api/upload", { method: "POST", body }), noParams);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      names: ["a.pdf"],
      sizes: [9],
      text: "hello pdf",
      batch_name: "Invoices",
      skip_processing: true,
    });
  });

  it("reports a missing file in FastAPI's shape and refuses JSON with 415", async () => {
    const body = new FormData();
    body.append("batch_name", "x");
    const missing = await upload(new Request("http://test/api/upload", { method: "POST", body }), noParams);
    expect(missing.status).toBe(422);
    expect((await missing.json()).detail).toEqual([{ loc: ["body", "files"], msg: "Field required", type: "missing" }]);

    const json = await upload(
      new Request("http://test/api/upload", {
        method: "POST",
        body: "{}",
        headers: { "content-type": "application/json" },
      }),
      noParams,
    );
    expect(json.status).toBe(415);
  });
});

describe("serveRoutes and notFoundRoutes", () => {
  it("answers other methods with a JSON 405 and an Allow header", async () => {
    const exports = serveRoutes(echo);
    expect(exports.POST).toBe(echo);
    const response = await exports.DELETE(new Request("http://test/api/things/x", { method: "DELETE" }), noParams);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("OPTIONS, POST");
    expect(await response.json()).toEqual({ detail: "Method Not Allowed" });
    const options = await exports.OPTIONS(new Request("http://test/api/things/x", { method: "OPTIONS" }), noParams);
    expect(options.status).toBe(204);
    expect(options.headers.get("allow")).toBe("OPTIONS, POST");
  });

  it("refuses two handlers for one method", () => {
    expect(() => serveRoutes(echo, echo)).toThrow(/served twice/);
  });

  it("answers unknown paths with a JSON 404 in each surface's shape", async () => {
    const api = await notFoundRoutes("api").PATCH(new Request("http://test/api/nope", { method: "PATCH" }), noParams);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ detail: "Not Found" });
    const v1 = await notFoundRoutes("v1").GET(new Request("http://test/v1/nope"), noParams);
    expect(await v1.json()).toEqual({ error: { code: "not_found", message: "Not Found" } });
  });
});
