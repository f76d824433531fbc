import { afterAll, afterEach, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/lib/config";
import { checkOcrEngine } from "./health";
import { currentOcrEngine } from "./ocr-engine";
import { startRemoteOcrStandIn } from "./testing/remote-ocr-stand-in";
import { terminateOcrPool } from "./tesseract-pool";

afterAll(terminateOcrPool);
afterEach(() => {
  delete process.env.OCR_SERVICE_URL;
  resetConfigForTests();
});

describe("checkOcrEngine", () => {
  it("reads the probe word with the warm local pool", async () => {
    const health = await checkOcrEngine();
    expect(health).toMatchObject({ ok: true, engine: currentOcrEngine() });
    expect(health.error).toBeUndefined();
    // The latency is read on the injected clock (5 ms per reading), not the wall clock.
    let clock = 0;
    const warm = await checkOcrEngine({ now: () => (clock += 5) });
    expect(warm).toEqual({ ok: true, engine: currentOcrEngine(), latencyMs: 5 });
  });

  it("pings a configured remote OCR service", async () => {
    const standIn = await startRemoteOcrStandIn({ width: 10, height: 10, words: [] });
    try {
      process.env.OCR_SERVICE_URL = standIn.url;
      resetConfigForTests();
      expect(await checkOcrEngine()).toMatchObject({ ok: true, engine: "remote" });
    } finally {
      await standIn.close();
    }
  });

  it("reports an unreachable remote service without throwing", async () => {
    process.env.OCR_SERVICE_URL = "http://127.0.0.1:9";
    resetConfigForTests();
    const health = await checkOcrEngine();
    expect(health).toMatchObject({ ok: false, engine: "remote" });
    expect(health.error).toBeTruthy();
  });
});
