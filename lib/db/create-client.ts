import type { SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { ITXClientDenyList } from "@prisma/client/runtime/client";
import { PrismaClient } from "./generated/client";

export type DatabaseKind = "pglite" | "postgresql";

/** Columns no query returns unless it asks for them with `omit: { column: false }`. */
const secretColumns = { user: { passwordHash: true } } as const;

export function createPrismaClient(adapter: SqlDriverAdapterFactory, kind: DatabaseKind) {
  return new PrismaClient({
    adapter,
    omit: secretColumns,
    // PGlite has one connection, so a transaction waits for the one before it to finish; the
    // default 2 s wait for a transaction slot is too short under concurrent background work.
    transactionOptions: kind === "pglite" ? { maxWait: 15_000, timeout: 15_000 } : undefined,
  });
}

/** The application's Prisma client (secret columns omitted by default). */
export type Db = ReturnType<typeof createPrismaClient>;

/** The client handed to `db.$transaction(async (tx) => …)`. */
export type DbTransaction = Omit<Db, ITXClientDenyList>;
