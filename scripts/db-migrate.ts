// npm run db:migrate: applies pending migrations to DATABASE_URL, or to the embedded PGlite
// database in DATA_DIR/pglite when DATABASE_URL is unset (the app must not be running then).
import { getConfig } from "../lib/config";
import { applyMigrations } from "../lib/db/migrate";
import { openEmbeddedPglite } from "../lib/db/embedded-pglite";

async function main(): Promise<void> {
  const { DATABASE_URL, DATA_DIR } = getConfig();
  let applied: string[];
  if (DATABASE_URL) {
    applied = await applyMigrations({ url: DATABASE_URL });
    console.log(`PostgreSQL at ${new URL(DATABASE_URL).host}:`);
  } else {
    const embedded = await openEmbeddedPglite(DATA_DIR);
    try {
      applied = await applyMigrations({ pglite: embedded.pglite });
    } finally {
      await embedded.close();
    }
    console.log(`Embedded PGlite in ${embedded.dataDir}:`);
  }
  if (applied.length === 0) console.log("  no pending migrations.");
  for (const name of applied) console.log(`  applied ${name}`);
}

await main();
