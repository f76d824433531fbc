import { defineConfig } from "prisma/config";

// The CLI is only used for `prisma generate`; migrations run through the WASM schema engine
// (lib/db/migrate.ts), so no datasource URL is needed here.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
