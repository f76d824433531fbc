import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Benchmarks reuse vitest only as a TypeScript runner with the @/ alias; they print figures and
// assert nothing. Run: npx vitest run --config bench/vitest.config.ts
export default defineConfig({
  resolve: { alias: { "@": fileURLToPath(new URL("../", import.meta.url)) } },
  test: { include: ["bench/**/*.bench-run.ts"], testTimeout: 1_800_000, pool: "forks", reporters: ["default"] },
});
