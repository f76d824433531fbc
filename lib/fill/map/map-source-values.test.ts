import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { readDocument } from "@/lib/documents/read-document";
import { makeDocx } from "@/lib/documents/testing/make-office-files";
import { makeTextPdf } from "@/lib/documents/testing/make-pdfs";
import { readPdfForm } from "../pdf/read-pdf-form";
import { makeFormPdf } from "../testing/make-form-pdf";
import { mapSourceValues } from "./map-source-values";
import { parseInstructions } from "./parse-instructions";
import { planFill } from "./plan-fill";

async function englishForm() {
  const pdf = await makeFormPdf([
    { kind: "text", name: "full_name", label: "Full name" },
    { kind: "text", name: "dob", label: "Date of birth" },
    { kind: "text", name: "email", label: "Email" },
    { kind: "text", name: "city", label: "City" },
    { kind: "text", name: "zip", label: "ZIP code" },
    { kind: "text", name: "phone", label: "Phone" },
    { kind: "checkbox", name: "newsletter", label: "Newsletter" },
  ]);
  return readPdfForm({ pdf, pages: (await readDocument({ bytes: pdf })).pages });
}

describe("mapSourceValues", () => {
  it("fills an English form from a German source by label meaning, with page, box and quoted words", async () => {
    const fields = await englishForm();
    const source = await makeTextPdf([
      [
        "Antragsteller",
        "Name: Erika Mustermann",
        "Geburtsdatum: 12.08.1964",
        "E-Mail: erika@example.de",
        "Wohnort: Köln",
        "PLZ: 51149",
        "Telefon: +49 221 123456",
      ],
    ]);
    const plan = mapSourceValues({
      fields,
      sources: [{ fileName: "antrag.pdf", pages: (await readDocument({ bytes: source })).pages }],
    });
    const values = Object.fromEntries(plan.assignments.map((assignment) => [assignment.fieldName, assignment.value]));
    expect(values).toEqual({
      full_name: "Erika Mustermann",
      dob: "12.08.1964",
      email: "erika@example.de",
      city: "Köln",
      zip: "51149",
      phone: "+49 221 123456",
    });
    const email = plan.assignments.find((assignment) => assignment.fieldName === "email")!;
    expect(email).toMatchObject({
      source: "document",
      sourceFile: "antrag.pdf",
      page: 1,
      reason: 'antrag.pdf page 1: "E-Mail: erika@example.de"',
    });
    expect(email.box!.width).toBeGreaterThan(0);
    expect(email.confidence).toBeGreaterThan(0.5);
  });

  it("reads a source's numeric dates in the order the source writes them", async () => {
    const pdf = await makeFormPdf([
      { kind: "text", name: "dob", label: "Date of birth (YYYY-MM-DD)", tooltip: "yyyy-mm-dd" },
    ]);
    const fields = await readPdfForm({ pdf, pages: (await readDocument({ bytes: pdf })).pages });
    const read = async (lines: string[]) => (await readDocument({ bytes: await makeTextPdf([lines]) })).pages;
    const dayFirst = mapSourceValues({
      fields,
      sources: [{ fileName: "uk.pdf", pages: await read(["Issued: 25/12/2024", "Date of birth: 03/01/1980"]) }],
    });
    expect(dayFirst.assignments[0]).toMatchObject({ fieldName: "dob", value: "1980-01-03" });
    const monthFirst = mapSourceValues({
      fields,
      sources: [{ fileName: "us.pdf", pages: await read(["Issued: 12/25/2024", "Date of birth: 03/01/1980"]) }],
    });
    expect(monthFirst.assignments[0]).toMatchObject({ fieldName: "dob", value: "1980-03-01" });
  });

  it("reads a DOCX source and composes a full name from first and last names", async () => {
    const fields = await englishForm();
    const docx = await makeDocx({
      heading: "Client",
      paragraphs: ["First name: John", "Last name: Smith", "Email address: john.smith@example.com"],
    });
    const plan = mapSourceValues({
      fields,
      sources: [{ fileName: "client.docx", pages: (await readDocument({ bytes: docx })).pages }],
    });
    const values = Object.fromEntries(plan.assignments.map((assignment) => [assignment.fieldName, assignment.value]));
    expect(values.full_name).toBe("John Smith");
    expect(values.email).toBe("john.smith@example.com");
  });
});

describe("parseInstructions", () => {
  it("splits clauses and reports what it cannot place", async () => {
    const fields = await englishForm();
    const plan = parseInstructions({
      fields,
      instructions: "My email is a@b.co and tick newsletter\nCity: Paris; frobnicate the widget",
      today: new Date("2025-01-02"),
    });
    expect(plan.assignments.map((assignment) => [assignment.fieldName, assignment.value])).toEqual([
      ["email", "a@b.co"],
      ["newsletter", "yes"],
      ["city", "Paris"],
    ]);
    expect(plan.unresolved).toEqual(['instruction "frobnicate the widget" matches no field of the form']);
  });
});

describe("planFill with an AI provider", () => {
  it("keeps grounded AI values with their page and box, drops uncited ones, and lets mappings win", async () => {
    const fields = await englishForm();
    const pages = (await readDocument({ bytes: await makeTextPdf([["Email: jane@example.org", "City: Lyon"]]) })).pages;
    const id = (text: string) => `d1p1w${pages[0].words.findIndex((word) => word.text === text)}`;
    const model = new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [
          {
            type: "text",
            text: JSON.stringify({
              assignments: [
                {
                  field: "F3",
                  value: "jane@example.org",
                  source: "document",
                  word_ids: [id("jane@example.org")],
                  confidence: 0.9,
                  explanation: "email line",
                },
                {
                  field: "F4",
                  value: "Lyon",
                  source: "document",
                  word_ids: ["d9p9w9"],
                  confidence: 0.9,
                  explanation: "made up",
                },
                {
                  field: "F7",
                  value: "yes",
                  source: "instruction",
                  word_ids: [],
                  confidence: 0.8,
                  explanation: "asked to tick the newsletter",
                },
              ],
              leave_empty: [{ field: "F5", explanation: "asked to leave ZIP empty" }],
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
    const { plans, engine } = await planFill({
      fields,
      fieldMappings: { email: "override@example.com" },
      instructions: "tick newsletter, leave zip empty",
      sources: [{ fileName: "s.pdf", pages }],
      ai: { model, label: "mock:test" },
    });
    expect(engine).toBe("ai:mock:test");
    const ai = plans[1];
    expect(ai.assignments.map((assignment) => assignment.fieldName)).toEqual(["email", "newsletter"]);
    expect(ai.assignments[0]).toMatchObject({
      page: 1,
      sourceFile: "s.pdf",
      reason: expect.stringContaining('"jane@example.org"'),
    });
    expect(ai.unresolved[0]).toContain("cited no document words");
    expect(ai.exclusions).toEqual([{ fieldName: "zip", reason: expect.stringContaining("ZIP") }]);
    expect(plans[0].assignments[0]).toMatchObject({
      fieldName: "email",
      value: "override@example.com",
      source: "mapping",
    });
  });
});
