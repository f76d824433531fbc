import { expect, test } from "@playwright/test";
import { callers, inputCases, ownedState, run, uploadCases } from "./fuzz-cases";
import { hostileFiles } from "./hostile-inputs";

// Malformed and hostile input, generated here, against every route that takes
// input. Each case must answer a clear 4xx (JSON with a message) within 30 s; afterwards the server
// is healthy and nothing the callers own has changed.

test.describe.configure({ mode: "serial", timeout: 180_000 });

test("every route that takes input answers hostile input with a clear 4xx and stores nothing", async ({ request }) => {
  const who = await callers(request);
  const before = await ownedState(request, who);
  const files = await hostileFiles();
  const cases = [...uploadCases(request, files, who), ...inputCases(request, who)];
  expect(cases.length).toBeGreaterThanOrEqual(100);

  expect(await run(cases)).toEqual([]);

  expect((await request.get("/v1/health")).status()).toBe(200);
  const lateFailures = files.filter((file) => !file.atUpload).map(() => "failed");
  expect(await ownedState(request, who)).toEqual({ ...before, jobs: [...lateFailures, ...before.jobs] });
});
