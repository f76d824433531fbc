import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { flatConfigs, importX } from "eslint-plugin-import-x";

const eslintConfig = [
  {
    ignores: [
      ".next/**",
      ".data/**",
      "node_modules/**",
      "lib/db/generated/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    // No import cycles, dynamic imports included: a cycle hides an unclear order of start-up and
    // ownership (ARCHITECTURE.md, "Background work").
    files: ["**/*.{ts,tsx,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      ...flatConfigs.typescript.settings,
      "import-x/resolver": undefined,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Layers (ARCHITECTURE.md, "Layers"): imports point down. Production code only: tests and their
    // helpers (testing/ folders) compose the whole app. Folder-level cycles: npm run check:layers.
    files: ["lib/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "**/testing/**"],
    plugins: { "import-x": importX },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: ["./lib/documents", "./lib/ocr", "./lib/extraction", "./lib/export", "./lib/fill"],
              from: "./lib/http",
              message:
                "The engine knows nothing of HTTP: throw AppError from lib/errors, return values, let the route build the Response.",
            },
            {
              target: "./lib/!(http|documents|ocr|extraction|export|fill)/**",
              from: "./lib/http",
              message:
                "lib/http is the route kit, used by app/ routes: services throw AppError (lib/errors) and declare contracts (lib/contracts).",
            },
            {
              target: "./lib/http",
              from: [
                "./lib/admin",
                "./lib/ai",
                "./lib/background",
                "./lib/batches",
                "./lib/chat",
                "./lib/cloud",
                "./lib/diagnostics",
                "./lib/documents",
                "./lib/email",
                "./lib/export",
                "./lib/extraction",
                "./lib/fill",
                "./lib/guest",
                "./lib/library",
                "./lib/match-schema",
                "./lib/models",
                "./lib/ocr",
                "./lib/ocr-api",
                "./lib/openapi",
                "./lib/spreadsheet",
                "./lib/storage",
                "./lib/usage",
                "./lib/users",
                "./lib/v1",
                "./lib/web",
                "./lib/webhooks",
              ],
              message:
                "The route kit imports no domain: it resolves the caller (lib/auth), checks limits, idempotency and rate limits, and maps errors.",
            },
            {
              target: "./lib/pages",
              from: "./lib",
              except: ["./pages", "./text", "./errors"],
              message:
                "lib/pages, the page model, is below the reading engine: it imports only lib/text and lib/errors.",
            },
            {
              target: "./lib/ocr",
              from: ["./lib/documents", "./lib/extraction"],
              message:
                "The reading engine runs one way (documents → ocr → pages; extraction → pages): what ocr shares with documents or extraction belongs in lib/pages or lib/text.",
            },
            {
              target: "./lib/extraction",
              from: ["./lib/documents", "./lib/ocr"],
              message:
                "Extraction reads pages, not files: it takes the page model from lib/pages and never calls the readers (lib/documents, lib/ocr).",
            },
            {
              target: ["./lib/errors", "./lib/contracts", "./lib/text"],
              from: "./lib",
              except: ["./errors", "./contracts", "./text", "./db", "./log", "./config.ts"],
              message: "lib/errors, lib/contracts and lib/text are below every domain: they import only each other.",
            },
            {
              target: "./lib",
              from: "./inngest",
              message:
                "lib/ never imports inngest/: start-up (instrumentation.ts) hands lib/background the function list and the Inngest sender.",
            },
          ],
        },
      ],
    },
  },
];

export default eslintConfig;
