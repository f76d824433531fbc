import { readFile } from "node:fs/promises";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaEngine, SchemaFilter } from "@prisma/schema-engine-wasm/schema_engine_bg";
import { schemaEngineWasmPath, schemaPath } from "./paths";

type SchemaEngineModule = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");

export type SchemaFile = { path: string; content: string };

/** No tables or enums are managed outside Prisma. */
export const noFilters: SchemaFilter = { externalTables: [], externalEnums: [] };

// The wasm-bindgen glue keeps the instance in module state, so instantiate once per process (the
// cache survives Next.js dev reloads of this file, which would otherwise load 5 MB again).
const cache = globalThis as typeof globalThis & { __docsvcSchemaEngineModule?: Promise<SchemaEngineModule> };

function loadSchemaEngineModule(): Promise<SchemaEngineModule> {
  cache.__docsvcSchemaEngineModule ??= instantiate().catch((error: unknown) => {
    cache.__docsvcSchemaEngineModule = undefined;
    throw error;
  });
  return cache.__docsvcSchemaEngineModule;
}

// The engine arms a timer around each operation (about 10 s) and leaves it running afterwards,
// which holds a finished script or test worker open. Its timers only bound work that is already
// keeping the process alive, so they need not keep it alive themselves.
function withUnrefTimers(glue: SchemaEngineModule): WebAssembly.ModuleImports {
  const imports: WebAssembly.ModuleImports = { ...(glue as unknown as WebAssembly.ModuleImports) };
  for (const name of Object.keys(glue)) {
    if (!name.startsWith("__wbg_setTimeout_")) continue;
    imports[name] = (callback: () => void, delayMs: number) => setTimeout(callback, delayMs >>> 0).unref();
  }
  return imports;
}

// The package's own entry imports the .wasm as an ES module, which Node does not do by default;
// instantiating by hand with the glue module as the import object is what that entry does.
async function instantiate(): Promise<SchemaEngineModule> {
  const glue = await import("@prisma/schema-engine-wasm/schema_engine_bg");
  const bytes = await readFile(schemaEngineWasmPath());
  const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": withUnrefTimers(glue) });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start: () => void }).__wbindgen_start();
  return glue;
}

export async function readSchemaFiles(): Promise<SchemaFile[]> {
  const file = schemaPath();
  return [{ path: file, content: await readFile(file, "utf8") }];
}

/** The engine's log lines are JSON; only warnings and errors are worth a console line. */
function logEngineMessage(line: string): void {
  let entry: { level?: string; fields?: { message?: string } };
  try {
    entry = JSON.parse(line);
  } catch {
    console.warn(`[schema-engine] ${line}`);
    return;
  }
  if (entry.level === "WARN" || entry.level === "ERROR") {
    console.warn(`[schema-engine] ${entry.level}: ${entry.fields?.message ?? line}`);
  }
}

/**
 * Runs `use` with a schema engine connected through `adapterFactory`, then frees the engine.
 * The factory's connections are the caller's to dispose (see adapters.ts).
 */
export async function withSchemaEngine<T>(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  run: (engine: SchemaEngine, schemaFiles: SchemaFile[]) => Promise<T>,
): Promise<T> {
  const glue = await loadSchemaEngineModule();
  const schemaFiles = await readSchemaFiles();
  const engine = await glue.SchemaEngine.new(
    { datamodels: schemaFiles.map((file): [string, string] => [file.path, file.content]) },
    logEngineMessage,
    bindMigrationAwareSqlAdapterFactory(adapterFactory),
  );
  try {
    return await run(engine, schemaFiles);
  } finally {
    engine.free();
  }
}
