import { expect, test } from "../support/fixtures";
import { bearer, createUser } from "../support/accounts";
import { digitalPdf, scannedPng, uploadBatch } from "./batch-support";

test.describe("batch housekeeping", () => {
  test("PATCH renames a batch (blank removes the name); others' batches and bad bodies are refused", async ({
    request,
    auth,
  }) => {
    const batch = await (
      await uploadBatch(request, { headers: auth, files: [await digitalPdf()], batchName: "Old", skipProcessing: true })
    ).json();
    const rename = (body: unknown, headers = auth) =>
      request.patch(`/api/batch/${batch.batch_id}`, { headers, data: body });

    const renamed = await rename({ batch_name: "New name" });
    expect(renamed.status()).toBe(200);
    expect(await renamed.json()).toEqual({
      batch_id: batch.batch_id,
      batch_name: "New name",
      message: "Renamed the batch to “New name”.",
    });
    expect(
      (await (await request.get(`/api/batch/status/${batch.batch_id}`, { headers: auth })).json()).batch_name,
    ).toBe("New name");
    expect((await (await rename({ batch_name: " " })).json()).batch_name).toBeNull();

    expect((await rename({ batch_name: "x".repeat(201) })).status()).toBe(422);
    expect((await rename({ name: "wrong field" })).status()).toBe(422);
    const other = await createUser(request);
    expect((await rename({ batch_name: "Mine" }, bearer(other.token))).status()).toBe(404);
    expect((await request.patch(`/api/batch/${batch.batch_id}`, { data: { batch_name: "x" } })).status()).toBe(401);
  });

  test("history filters by text in a batch or file name, status and days; bad filters answer 422", async ({
    request,
    auth,
  }) => {
    for (const [name, file] of [
      ["March invoices", await digitalPdf()],
      ["Receipts", await scannedPng()],
    ] as const)
      await uploadBatch(request, { headers: auth, files: [file], batchName: name, skipProcessing: true });
    const names = async (query: string) => {
      const response = await request.get(`/api/batch/history?${query}`, { headers: auth });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()).batches.map((batch: { batch_name: string }) => batch.batch_name);
    };
    expect(await names("q=march")).toEqual(["March invoices"]);
    expect(await names("q=SCAN")).toEqual(["Receipts"]);
    expect(await names("status=uploaded")).toEqual(["Receipts", "March invoices"]);
    expect(await names("status=completed")).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await names(`created_from=${today}&created_to=${today}`)).toHaveLength(2);
    expect(await names("created_to=2000-01-01")).toEqual([]);
    expect((await request.get("/api/batch/history?status=done", { headers: auth })).status()).toBe(422);
    expect((await request.get("/api/batch/history?created_from=yesterday", { headers: auth })).status()).toBe(422);
  });
});
