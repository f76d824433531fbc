import { getConfig } from "@/lib/config";
import { getDatabaseKind, getDb } from "@/lib/db";
import { startBackgroundWork } from "@/lib/jobs";

/** Server start-up: open (and for the embedded database, migrate) the database, then resume jobs. */
export async function startServer(): Promise<void> {
  await getDb();
  await startBackgroundWork();
  console.log(`docsvc: ready (database ${getDatabaseKind()}); links in e-mails use ${getConfig().APP_URL}`);
}
