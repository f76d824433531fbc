import type { AnyFunctionDefinition } from "@/lib/background/define-function";
import type { InngestSender } from "@/lib/background/inngest-sender";
import { startBackgroundWork } from "@/lib/background/start-background-work";
import { getPythonSandbox } from "@/lib/chat/python/python-sandbox";
import { getConfig } from "@/lib/config";
import { getDatabaseKind, getDb } from "@/lib/db";

/**
 * Server start-up: open (and for the embedded database, migrate) the database, then resume jobs.
 * instrumentation.ts passes the background functions and the Inngest sender from inngest/.
 */
export async function startServer(background: {
  definitions: AnyFunctionDefinition[];
  sendToInngest: InngestSender;
}): Promise<void> {
  await getDb();
  await startBackgroundWork(background);
  // With a provider the agent may call execute_python at once: load Pyodide (and its snapshot) now.
  if (getConfig().AI_PROVIDER) getPythonSandbox();
  console.log(`docsvc: ready (database ${getDatabaseKind()}); links in e-mails use ${getConfig().APP_URL}`);
}
