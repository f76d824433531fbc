// `npm test`: lint, unit tests (vitest), a production build, then the API and browser suites (Playwright)
// against that build on a fresh embedded database. Ends with one line: `N passed, N failed`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
const resultsDir = "test-results";
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0 };
let stageFailed = false;

function run(label, command, args, extraEnv = {}) {
  console.log(`\n── ${label} ──`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
  if (result.status !== 0) stageFailed = true;
  return result.status === 0;
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : undefined;
}

// Lint, formatting and the layer check count as one check: it passes or it fails.
const linted = run("lint (eslint)", process.execPath, ["node_modules/eslint/bin/eslint.js", "."]);
const formatted = run("format (prettier --check)", process.execPath, [
  "node_modules/prettier/bin/prettier.cjs",
  "--check",
  ".",
]);
// The layers depend one way: no folder-level cycle, no file cycle.
const layered =
  run("layer check (folder graph)", process.execPath, ["scripts/layer-graph.mjs"]) &&
  run("file cycles (madge)", process.execPath, [
    "node_modules/madge/bin/cli.js",
    "--circular",
    "--extensions",
    "ts,tsx",
    "--ts-config",
    "tsconfig.json",
    "--exclude",
    "^lib/db/generated/",
    "lib",
    "app",
    "components",
    "inngest",
  ]);
if (linted && formatted && layered) totals.passed += 1;
else totals.failed += 1;

const vitestReport = `${resultsDir}/vitest.json`;
run("unit tests (vitest)", process.execPath, [
  "node_modules/vitest/vitest.mjs",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
} else {
  totals.failed += 1;
  console.error("vitest wrote no report");
}

const built = run("production build (next build)", process.execPath, ["node_modules/next/dist/bin/next", "build"]);
if (built) {
  const playwrightReport = `${resultsDir}/playwright.json`; // written by the json reporter (playwright.config.ts)
  run("API and browser suites (playwright)", process.execPath, ["node_modules/@playwright/test/cli.js", "test"]);
  const playwright = readJson(playwrightReport);
  if (playwright) {
    totals.passed += playwright.stats.expected + playwright.stats.flaky;
    totals.failed += playwright.stats.unexpected;
  } else {
    totals.failed += 1;
    console.error("playwright wrote no report");
  }
} else {
  totals.failed += 1;
}

if (stageFailed && totals.failed === 0) totals.failed = 1; // a stage crashed without failing a test
console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed === 0 ? 0 : 1);
