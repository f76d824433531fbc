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
];

export default eslintConfig;
