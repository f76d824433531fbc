import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/playwright",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"], ["json", { outputFile: "test-results/playwright.json" }]],
  use: { baseURL },
  projects: [
    { name: "api", testDir: "e2e/api" },
    {
      name: "ui",
      testDir: "e2e/ui",
      use: {
        browserName: "chromium",
        screenshot: "only-on-failure",
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
          args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
        },
      },
    },
  ],
  webServer: {
    command: "node scripts/serve-test.mjs",
    url: `${baseURL}/debug-version`,
    env: { PORT: String(port) },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
