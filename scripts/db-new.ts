// npm run db:new -- <name>: writes prisma/migrations/<timestamp>_<name>/migration.sql with the SQL
// that brings the existing migrations to prisma/schema.prisma (nothing when they already match).
import { mkdir, writeFile, access } from "node:fs/promises";
import path from "node:path";
import { diffMigrationsToSchema } from "../lib/db/migrate";
import { LOCKFILE_CONTENT, LOCKFILE_NAME } from "../lib/db/migrations-list";
import { migrationsDir } from "../lib/db/paths";

function migrationName(argument: string | undefined): string {
  const name = (argument ?? "")
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (!name) {
    console.error("Usage: npm run db:new -- <name>   (for example: npm run db:new -- add_invoices)");
    process.exit(1);
  }
  return name;
}

/** UTC yyyyMMddHHmmss, the prefix Prisma gives migration folders. */
function timestamp(now: Date): string {
  return now.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const name = migrationName(process.argv[2]);
  const script = await diffMigrationsToSchema();
  if (script === "") {
    console.log("prisma/schema.prisma matches the existing migrations: no migration written.");
    return;
  }
  const baseDir = migrationsDir();
  const folder = path.join(baseDir, `${timestamp(new Date())}_${name}`);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, "migration.sql"), script);
  const lockfile = path.join(baseDir, LOCKFILE_NAME);
  if (!(await exists(lockfile))) await writeFile(lockfile, LOCKFILE_CONTENT);
  console.log(`Wrote ${path.relative(process.cwd(), path.join(folder, "migration.sql"))}`);
}

await main();
