import { defineConfig } from "@playwright/test";
import { CLOUD_TOKEN_PORT, OIDC_ISSUER_PORT } from "./e2e/support/local-providers";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "e2e",
  // One local OIDC issuer (port + 99) and cloud token endpoint (port + 97) for the whole run; see e2e/support/local-providers.ts.
  globalSetup: "./e2e/support/global-setup.ts",
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
    // The global setup's stand-ins: an OIDC issuer and a cloud token endpoint.
    env: {
      PORT: String(port),
      DEV_OUTBOX: "1",
      OIDC_ISSUER: `http://127.0.0.1:${OIDC_ISSUER_PORT}`,
      OIDC_CLIENT_ID: "docsvc-e2e",
      OIDC_CLIENT_SECRET: "docsvc-e2e-secret",
      CLOUD_TOKEN_URL: `http://127.0.0.1:${CLOUD_TOKEN_PORT}/token`,
      CLOUD_AUTHORIZE_URL: `http://127.0.0.1:${CLOUD_TOKEN_PORT}/authorize`,
      // The same local server stands in for Google Drive API v3.
      DRIVE_API_URL: `http://127.0.0.1:${CLOUD_TOKEN_PORT}`,
    },
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
  },
});
