import { afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { getBrowser } from "./browser";
import { checkBrowser } from "./check-browser";
import { openWebSession } from "./web-sessions";

afterEach(() => {
  delete process.env.CHROMIUM_PATH;
  resetConfigForTests();
});

describe("a missing Chromium", () => {
  it("is reported by the health check and answers 503 naming what to install", async () => {
    process.env.CHROMIUM_PATH = "/nonexistent/chromium";
    resetConfigForTests();
    expect(await checkBrowser()).toMatchObject({
      status: "missing",
      executable: "/nonexistent/chromium",
      running: false,
      error: expect.stringContaining("apt-get install chromium"),
    });
    await expect(getBrowser()).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining("apt-get install chromium"),
    });
    await expect(openWebSession({ ownerId: "someone" })).rejects.toMatchObject({ status: 503 });
  });
});
