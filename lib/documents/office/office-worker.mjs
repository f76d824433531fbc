// Worker thread entry for reading office and text formats (see read-in-worker.ts). It loads the
// app's TypeScript readers with Node's own type stripping and the repo's resolve hook, reads one
// document and posts the pages back; a document that exhausts this thread's heap kills only it.
import { pathToFileURL } from "node:url";
import { parentPort, workerData } from "node:worker_threads";

const root = pathToFileURL(`${workerData.root}/`);

function describe(error) {
  const known = error instanceof Error && error.name === "DocumentError";
  return {
    name: error instanceof Error ? error.name : "Error",
    code: known ? error.code : undefined,
    message: error instanceof Error ? error.message : String(error),
  };
}

try {
  await import(/* webpackIgnore: true */ new URL("scripts/register-ts-resolve.mjs", root).href);
  const { runOfficeTask } = await import(
    /* webpackIgnore: true */ new URL("lib/documents/office/office-task.ts", root).href
  );
  parentPort.postMessage({ ok: true, pages: await runOfficeTask(workerData.task) });
} catch (error) {
  parentPort.postMessage({ ok: false, error: describe(error) });
}
