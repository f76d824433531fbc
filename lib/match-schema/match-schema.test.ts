import { MockLanguageModelV4 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "@/lib/auth/register-user";
import { createTestDatabase, type TestDatabase } from "@/lib/db/testing";
import { formatById } from "@/lib/documents/formats";
import { readText } from "@/lib/documents/office/read-text";
import type { CallerUser } from "@/lib/contracts/caller";
import { MatchSchemaRequest } from "./match-schema-schemas";
import { matchSchema } from "./match-schema";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.dispose());

const text =
  "Invoice Number: INV-2041\nInvoice date: 14.03.2025\nTotal due: 1.234,50 EUR\nPaid: Yes\nKunde: 上海贸易 🚀";
const anonymous = { kind: "anonymous" } as const;

describe("match-schema", () => {
  it("answers every field with normalised and typed values, confidence and the quoted span in the text", async () => {
    const request = MatchSchemaRequest.parse({
      text,
      schema: { invoice_number: "string", invoice_date: "date", total: "number", paid: "boolean", po_number: "string" },
    });
    const result = await matchSchema({ db: database.db, caller: anonymous, request, ai: null });
    expect(result.engine).toBe("deterministic");
    const byName = Object.fromEntries(result.fields.map((field) => [field.name, field]));
    expect(result.values).toEqual({
      invoice_number: "INV-2041",
      invoice_date: "2025-03-14",
      total: 1234.5,
      paid: true,
      po_number: null,
    });
    expect(byName.total, JSON.stringify(byName.total)).toMatchObject({ value: "1234.5", quote: "1.234,50" });
    for (const field of result.fields.filter((candidate) => candidate.value !== null)) {
      expect(text.slice(field.start!, field.end!)).toBe(field.quote);
      expect(field.confidence).toBeGreaterThan(0);
    }
    expect(byName.po_number).toMatchObject({ value: null, confidence: 0, start: null });
  });

  it("runs through the AI provider when one is configured, grounded on the words it cites", async () => {
    const pages = readText(Buffer.from(text), formatById("txt"));
    const index = pages[0].words.findIndex((word) => word.text === "上海贸易");
    const model = new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [
          {
            type: "text",
            text: JSON.stringify({
              documentType: "invoice",
              keyValuePairs: [],
              fields: [{ name: "customer", value: "上海贸易", wordIds: [`p1w${index}`], confidence: 0.8 }],
            }),
          },
        ],
        finishReason: { unified: "stop", raw: "stop" },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 1, text: 1, reasoning: 0 },
        },
        warnings: [],
      }),
    });
    const request = MatchSchemaRequest.parse({
      text,
      schema: [{ name: "customer", type: "string", description: "The buyer" }],
    });
    const result = await matchSchema({
      db: database.db,
      caller: anonymous,
      request,
      ai: { model, label: "mock:model" } as never,
    });
    expect(result.engine).toBe("ai:mock:model");
    expect(result.fields[0]).toMatchObject({ value: "上海贸易", quote: "上海贸易", start: text.indexOf("上海贸易") });
  });

  it("refuses bad schemas, unknown types, over 200 fields, oversize text and others' documents", async () => {
    const bad = [
      { text, schema: "{not json" },
      { text, schema: { total: "money" } },
      {
        text,
        schema: [
          { name: "a", type: "string" },
          { name: "a", type: "number" },
        ],
      },
      { text, schema: Object.fromEntries(Array.from({ length: 201 }, (_, index) => [`f${index}`, "string"])) },
      { text, schema: [] },
    ];
    for (const body of bad)
      expect(MatchSchemaRequest.safeParse(body).success, JSON.stringify(body).slice(0, 80)).toBe(false);
    const unknownType = MatchSchemaRequest.safeParse({ text, schema: { total: "money" } });
    expect(unknownType.error?.issues[0].message).toContain("string, number, date, boolean");

    const db = database.db;
    const big = MatchSchemaRequest.parse({ text: "x".repeat(100 * 1024 + 1), schema: { a: "string" } });
    await expect(matchSchema({ db, caller: anonymous, request: big, ai: null })).rejects.toMatchObject({
      code: "payload_too_large",
    });
    const user = await registerUser({
      db: database.db,
      email: `match-${Date.now()}@example.com`,
      password: "a sensible passphrase",
    });
    const caller = { kind: "user" as const, via: "jwt" as const, user: { ...user, tier: "free" } as CallerUser };
    await expect(matchSchema({ db, caller, request: big, ai: null })).resolves.toMatchObject({ values: { a: null } });
    const someoneElses = MatchSchemaRequest.parse({
      document_id: "00000000-0000-4000-8000-000000000000",
      schema: { a: "string" },
    });
    await expect(matchSchema({ db, caller, request: someoneElses, ai: null })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(matchSchema({ db, caller: anonymous, request: someoneElses, ai: null })).rejects.toMatchObject({
      code: "unauthorized",
    });
  });
});
