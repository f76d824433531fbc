import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { closeBrowser } from "./browser";
import { navigatePage } from "./navigate-page";
import { scanWebForm } from "./scan-web-form";
import { submitWebForm } from "./submit-web-form";
import { startFormSite, type FormSite } from "./testing/form-site";
import { updateWebForm } from "./update-web-form";
import { closeAllWebSessions, openWebSession } from "./web-sessions";

let site: FormSite;

beforeAll(async () => {
  process.env.ALLOW_PRIVATE_NETWORK = "1";
  resetConfigForTests();
  site = await startFormSite();
});

afterAll(async () => {
  await closeAllWebSessions();
  await closeBrowser();
  await site.close();
});

const noDocuments = () => Promise.reject(new Error("no documents in this test"));

describe("scan, update and submit on a real page", () => {
  it("finds every field of the page, its iframe and its shadow root", async () => {
    const session = await openWebSession({ ownerId: "owner-a" });
    const navigation = await navigatePage(session, `${site.origin}/redirect`);
    expect(navigation).toMatchObject({ url: `${site.origin}/form`, title: "Invoice intake", status: 200 });

    const scan = await scanWebForm(session);
    const byLabel = Object.fromEntries(scan.fields.map((field) => [field.label, field]));
    expect(Object.keys(byLabel).sort()).toEqual(
      [
        "Attachment",
        "Country",
        "Customer name",
        "Email",
        "I accept the terms",
        "Invoice date",
        "Invoice number",
        "Notes",
        "Payment method",
        "Purchase order",
        "Reference",
        "Shadow code",
        "Total amount",
      ].sort(),
    );
    expect(byLabel["Invoice number"]).toMatchObject({ type: "text", name: "invoice_number", required: true });
    expect(byLabel["Total amount"]).toMatchObject({ type: "number", required: false });
    expect(byLabel.Email).toMatchObject({ type: "email", placeholder: "you@example.com" });
    expect(byLabel.Country.options?.map((option) => option.label)).toEqual([
      "Choose…",
      "Germany",
      "France",
      "United States",
    ]);
    expect(byLabel["Payment method"]).toMatchObject({ type: "radio", name: "payment" });
    expect(byLabel["Payment method"].options?.map((option) => [option.value, option.label])).toEqual([
      ["card", "Card"],
      ["transfer", "Bank transfer"],
    ]);
    expect(byLabel["I accept the terms"]).toMatchObject({ type: "checkbox", checked: false });
    expect(byLabel.Attachment.type).toBe("file");
    expect(byLabel.Reference.frameUrl).toBe(`${site.origin}/frame`);
    expect(byLabel["Shadow code"]).toMatchObject({ inShadowRoot: true, accessibleName: "Shadow code" });
    expect(scan.submitButtons.map((button) => button.label)).toEqual(["Send invoice"]);

    // References are stable: a second scan names the same elements the same way.
    const again = await scanWebForm(session);
    expect(again.fields.map((field) => field.ref)).toEqual(scan.fields.map((field) => field.ref));
  });

  it("types values by reference, name and label, refuses what does not fit, and submits exactly once", async () => {
    const session = await openWebSession({ ownerId: "owner-a" });
    await navigatePage(session, `${site.origin}/form`);
    const scan = await scanWebForm(session);
    const numberRef = scan.fields.find((field) => field.name === "invoice_number")?.ref ?? "";
    const reports = await updateWebForm({
      session,
      loadDocument: noDocuments,
      updates: [
        { field: numberRef, value: "INV-2041" },
        { field: "customer", value: "Acme GmbH" },
        { field: "Total amount", value: "1234.50" },
        { field: "Country", value: "France" },
        { field: "Payment method", value: "transfer" },
        { field: "I accept the terms", value: true },
        { field: "Shadow code", value: "SH-7" },
        { field: "Reference", value: "REF-9" },
        { field: "Invoice date", value: "2026-03-14" },
        { field: "Country", value: "Atlantis" },
        { field: "Attachment" },
        { field: "Favourite colour", value: "blue" },
      ],
    });
    expect(reports.map((report) => [report.field, report.status])).toEqual([
      [numberRef, "typed"],
      ["customer", "typed"],
      ["Total amount", "typed"],
      ["Country", "selected"],
      ["Payment method", "selected"],
      ["I accept the terms", "checked"],
      ["Shadow code", "typed"],
      ["Reference", "typed"],
      ["Invoice date", "typed"],
      ["Country", "refused"],
      ["Attachment", "refused"],
      ["Favourite colour", "not_found"],
    ]);
    expect(reports[9].reason).toContain("Germany, France");
    const values = Object.fromEntries(session.fields.map((field) => [field.label, field.value]));
    expect(values).toMatchObject({
      "Invoice number": "INV-2041",
      "Customer name": "Acme GmbH",
      "Total amount": "1234.50",
      Country: "fr",
      "Payment method": "transfer",
      Reference: "REF-9",
    });
    expect(site.posts).toHaveLength(0);

    const result = await submitWebForm({ session });
    expect(result).toMatchObject({ url: `${site.origin}/submit`, title: "Received", status: 200, navigated: true });
    expect(result.screenshot.subarray(1, 4).toString()).toBe("PNG");
    expect(site.posts).toHaveLength(1);
    expect(site.posts[0].fields).toMatchObject({
      invoice_number: "INV-2041",
      customer: "Acme GmbH",
      total: "1234.50",
      country: "fr",
      payment: "transfer",
      terms: "yes",
      shadow_code: "SH-7",
      invoice_date: "2026-03-14",
    });

    await expect(submitWebForm({ session })).rejects.toMatchObject({ code: "conflict", status: 409 });
    expect(site.posts).toHaveLength(1);
  });

  it("scans and types into a form inside a cross-origin iframe", async () => {
    const session = await openWebSession({ ownerId: "owner-a" });
    await navigatePage(session, `${site.origin}/cross-frame`);
    const scan = await scanWebForm(session);
    expect(scan.fields.map((field) => [field.label, field.frameUrl])).toEqual([
      ["Reference", `http://localhost:${site.port}/frame`],
    ]);
    const [report] = await updateWebForm({
      session,
      loadDocument: noDocuments,
      updates: [{ field: "Reference", value: "X-1" }],
    });
    expect(report.status).toBe("typed");
    expect(session.fields[0].value).toBe("X-1");
  });

  it("closes popups and refuses a download link", async () => {
    const session = await openWebSession({ ownerId: "owner-a" });
    await navigatePage(session, `${site.origin}/popups`);
    expect(session.context.pages()).toHaveLength(1);
    await expect(navigatePage(session, `${site.origin}/download`)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining("download"),
    });
    await expect(navigatePage(session, "file:///etc/passwd")).rejects.toMatchObject({ status: 400 });
  });

  it("chooses from custom dropdowns (ARIA combobox and listbox); a closed shadow root stays out of reach", async () => {
    await closeAllWebSessions();
    const session = await openWebSession({ ownerId: "owner-custom" });
    await navigatePage(session, `${site.origin}/custom`);
    const scan = await scanWebForm(session);
    const byLabel = Object.fromEntries(scan.fields.map((field) => [field.label, field]));
    expect(Object.keys(byLabel).sort()).toEqual(["Currency", "Reference number", "Size"]);
    // The combobox draws its options only when opened; the listbox has them from the start.
    expect(byLabel.Currency).toMatchObject({
      kind: "listbox",
      type: "combobox",
      value: "Choose a currency",
      options: [],
    });
    expect(byLabel.Size).toMatchObject({ kind: "listbox", type: "listbox" });
    expect(byLabel.Size.options?.map((option) => [option.value, option.label])).toEqual([
      ["s", "Small"],
      ["m", "Medium"],
      ["l", "Large"],
    ]);

    const reports = await updateWebForm({
      session,
      loadDocument: noDocuments,
      updates: [
        { field: "Reference number", value: "R-9" },
        { field: "Currency", value: "US Dollar" },
        { field: "Size", value: "m" },
        { field: "Currency", value: "Yen" },
      ],
    });
    expect(reports.map((report) => [report.status, report.value])).toEqual([
      ["typed", "R-9"],
      ["selected", "US Dollar"],
      ["selected", "Medium"],
      ["refused", null],
    ]);
    expect(reports[3].reason).toBe('No option "Yen"; options: Euro, US Dollar, Pound sterling');
    const rescanned = Object.fromEntries(session.fields.map((field) => [field.label, field]));
    expect(rescanned.Currency.value).toBe("US Dollar");
    expect(rescanned.Size.value).toBe("m");

    const before = site.posts.length;
    await submitWebForm({ session });
    expect(site.posts.slice(before).map((post) => post.fields)).toEqual([
      { reference_number: "R-9", currency: "USD", size: "m" },
    ]);
  });
});
