import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { createApiKey } from "@/lib/users/create-api-key";
import { defineRoute } from "@/lib/contracts/contract";
import { route } from "./route";

// Idempotency as an option of the route contract: the kit replays, the handler only answers.
let temp: TestDatabase;
let apiKey: string;
let produced = 0;

const submitThing = defineRoute({
  method: "POST",
  path: "/v1/things",
  surface: "v1",
  auth: "api_key",
  operationId: "submitThing",
  summary: "test",
  tags: ["test"],
  form: z.object({ name: z.string() }),
  responses: { 202: z.object({ id: z.number() }) },
  idempotency: {
    canonicalForm: (form: { name: string }) => {
      const data = new FormData();
      data.append("name", form.name);
      return data;
    },
  },
});
const handler = route(submitThing, async ({ form }) => ({ status: 202, body: { id: ++produced, name: form.name } }));

function post(name: string, key?: string) {
  const body = new FormData();
  body.append("name", name);
  const headers: Record<string, string> = { "x-api-key": apiKey, ...(key ? { "idempotency-key": key } : {}) };
  return handler(new Request("http://test/v1/things", { method: "POST", body, headers }), {
    params: Promise.resolve({}),
  });
}

beforeAll(async () => {
  temp = await createTestDatabase({ serveGetDb: true });
  const user = await temp.db.user.create({ data: { email: "idempotent@example.com" } });
  apiKey = (await createApiKey({ db: temp.db, userId: user.id, name: "test" })).key;
});
afterAll(() => temp?.dispose());

describe("a contract with idempotency", () => {
  it("answers with the handler's status and body, and replays them for the same key and request", async () => {
    const first = await post("a", "key-1");
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ id: 1, name: "a" });
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await post("a", "key-1");
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ id: 1, name: "a" });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(produced).toBe(1);
  });

  it("refuses the same key with a different request, and runs every request without a key", async () => {
    const reused = await post("b", "key-1");
    expect(reused.status).toBe(422);
    expect((await reused.json()).error.code).toBe("idempotency_key_reused");
    expect((await (await post("c")).json()).id).toBe(2);
    expect((await (await post("c")).json()).id).toBe(3);
  });
});
