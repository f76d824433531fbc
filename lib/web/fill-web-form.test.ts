import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { readDocument } from "@/lib/documents/read-document";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { terminateOcrPool } from "@/lib/ocr/tesseract-pool";
import { closeBrowser } from "./browser";
import { fillWebForm } from "./fill-web-form";
import type { FillSource } from "./load-fill-sources";
import { startFormSite, type FormSite } from "./testing/form-site";
import { closeAllWebSessions } from "./web-sessions";

let site: FormSite;
let invoice: FillSource;

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_NETWORK = "1";
  resetConfigForTests();
  site = await startFormSite();
  const pdf = await makeTextPdf([
    [
      "ACME SUPPLIES LTD",
      "Invoice",
      "Invoice number: INV-2041",
      "Customer: Acme GmbH",
      "Invoice date: 14.03.2026",
      "Total: 1,234.50 EUR",
    ],
  ]);
  const { pages } = await readDocument({ bytes: pdf, fileName: "invoice.pdf" });
  invoice = { documentId: "0b6a4c4e-1f43-4d1a-9b8e-0c9a3c7d5e21", fileName: "invoice.pdf", pages };
});

afterAll(async () => {
  await closeAllWebSessions();
  await closeBrowser();
  await terminateOcrPool();
  await site.close();
});

describe("fillWebForm", () => {
  it("fills an invoice's number, customer and total from the document, streams their sources and stops before submitting", async () => {
    const events: Array<{ event: string; data: Record<string, unknown> }> = [];
    const send = (event: string, data: unknown) => events.push({ event, data: data as Record<string, unknown> }) > 0;
    const { session } = await fillWebForm({
      ownerId: "filler",
      url: `${site.origin}/form`,
      sources: [invoice],
      values: { "Payment method": "Bank transfer" },
      submit: false,
      maxSteps: 40,
      ai: null,
      send,
      signal: new AbortController().signal,
      loadDocument: () => Promise.reject(new Error("no files")),
    });
    expect(events.map((entry) => entry.event).slice(0, 2)).toEqual(["navigated", "fields"]);
    const values = Object.fromEntries(
      events.filter((entry) => entry.event === "value").map((entry) => [entry.data.label, entry.data]),
    );
    expect(values["Invoice number"]).toMatchObject({
      value: "INV-2041",
      source: { kind: "document", document: "invoice.pdf", document_id: invoice.documentId, page: 1 },
    });
    expect(values["Customer name"]).toMatchObject({ value: "Acme GmbH", source: { kind: "document", page: 1 } });
    expect(values["Total amount"]).toMatchObject({ source: { kind: "document", page: 1 } });
    expect(values["Payment method"]).toMatchObject({ value: "Bank transfer", source: { kind: "mapping" } });
    const source = (values["Invoice number"] as { source: { box: object; confidence: number; reason: string } }).source;
    expect(source.box).toMatchObject({ x: expect.any(Number), width: expect.any(Number) });
    expect(source.confidence).toBeGreaterThan(0.5);
    expect(source.reason).toContain("INV-2041");

    const actions = events.filter((entry) => entry.event === "action");
    expect(
      actions.every(
        (entry) => typeof entry.data.screenshot === "string" && (entry.data.screenshot as string).length > 1000,
      ),
    ).toBe(true);
    const refs = actions.map((entry) => entry.data.ref);
    expect(new Set(refs).size).toBe(refs.length);

    const page = Object.fromEntries(session.fields.map((field) => [field.label, field.value]));
    expect(page).toMatchObject({
      "Invoice number": "INV-2041",
      "Customer name": "Acme GmbH",
      "Total amount": "1234.5",
      "Payment method": "transfer",
    });
    const summary = events.at(-1);
    expect(summary).toMatchObject({
      event: "summary",
      data: { session_id: session.id, submitted: false, engine: "deterministic" },
    });
    expect(site.posts).toHaveLength(0);
  });
});

describe("fillWebForm on a payment form", () => {
  it("types an amount without its currency and warns that the currency picker disagrees with the document", async () => {
    const pdf = await makeTextPdf([["Invoice", "Invoice number: INV-4410", "Total: 100.44 USD"]]);
    const { pages } = await readDocument({ bytes: pdf, fileName: "usd-invoice.pdf" });
    const usdInvoice: FillSource = {
      documentId: "5f0f3d1e-7a0b-4c55-8a5e-2c1d9f0e6b11",
      fileName: "usd-invoice.pdf",
      pages,
    };
    const events: Array<{ event: string; data: Record<string, unknown> }> = [];
    const { session } = await fillWebForm({
      ownerId: "payer",
      url: `${site.origin}/payment`,
      sources: [usdInvoice],
      submit: false,
      maxSteps: 40,
      ai: null,
      send: (event, data) => events.push({ event, data: data as Record<string, unknown> }) > 0,
      signal: new AbortController().signal,
      loadDocument: () => Promise.reject(new Error("no files")),
    });
    const total = events.find((entry) => entry.event === "value" && entry.data.label === "Total amount");
    expect(total?.data).toMatchObject({ value: "100.44", note: "100.44 USD without the currency" });
    const page = Object.fromEntries(session.fields.map((field) => [field.label, field.value]));
    expect(page["Total amount"]).toBe("100.44");
    const summary = events.at(-1)!;
    expect(summary.event).toBe("summary");
    expect(summary.data.warnings).toEqual([
      "Payment currency is set to EUR, but the amounts filled from the document are in USD. Check it before submitting.",
    ]);
    expect(summary.data.document_currency).toBe("USD");
    expect(summary.data.unfilled).toEqual(expect.arrayContaining([expect.objectContaining({ label: "Payer phone" })]));
  });
});
