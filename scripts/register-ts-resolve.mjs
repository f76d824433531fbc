// Lets `node scripts/*.ts` load the app's TypeScript modules: Node strips the types itself but
// resolves like plain ESM, so the `@/` alias and extensionless relative imports need mapping.
// Usage: node --import ./scripts/register-ts-resolve.mjs scripts/<name>.ts
import { registerHooks } from "node:module";
import { pathToFileURL } from "node:url";

const repoRoot = pathToFileURL(`${process.cwd()}/`).href;
const hasExtension = /\.(?:[cm]?[jt]s|json|node|wasm)$/;

registerHooks({
  resolve(specifier, context, nextResolve) {
    const mapped = specifier.startsWith("@/") ? new URL(specifier.slice(2), repoRoot).href : specifier;
    const fromOurCode = !context.parentURL?.includes("/node_modules/");
    const isLocal = mapped.startsWith(".") || mapped.startsWith("file:");
    if (fromOurCode && isLocal && !hasExtension.test(mapped)) {
      for (const candidate of [`${mapped}.ts`, `${mapped}/index.ts`]) {
        try {
          return nextResolve(candidate, context);
        } catch (error) {
          // Not this candidate; the next one (or the plain specifier below) reports a real failure.
          if (error?.code !== "ERR_MODULE_NOT_FOUND" && error?.code !== "MODULE_NOT_FOUND") throw error;
        }
      }
    }
    return nextResolve(mapped, context);
  },
});
