// npm run user:tier -- EMAIL TIER   changes a user's tier (free | starter | growth | scale)
// npm run user:tier -- EMAIL        shows it
// With the embedded database, a running app (at APP_URL) is asked through its operator endpoint,
// authorised by DATA_DIR/admin-secret: PGlite allows one process. Otherwise (the app is stopped, or
// DATABASE_URL names PostgreSQL) the database is changed directly.
import { ADMIN_SECRET_HEADER, readOrCreateAdminSecret } from "../lib/admin/admin-secret";
import { changeUserTier, type UserTierChange } from "../lib/admin/change-user-tier";
import { getConfig } from "../lib/config";
import { closeDb, getDb } from "../lib/db";
import { TIERS } from "../lib/users/tier-allowance";

/** The change made by the running app, or null when no app answers at APP_URL. */
async function throughRunningApp(input: { email: string; tier?: string }): Promise<UserTierChange | null> {
  const { APP_URL, DATABASE_URL } = getConfig();
  if (DATABASE_URL) return null;
  let response: Response;
  try {
    response = await fetch(new URL("/api/admin/user-tier", APP_URL), {
      method: "POST",
      headers: { "content-type": "application/json", [ADMIN_SECRET_HEADER]: readOrCreateAdminSecret() },
      body: JSON.stringify(input),
    });
  } catch {
    return null;
  }
  const body = (await response.json().catch(() => ({}))) as { detail?: unknown } & Partial<UserTierChange>;
  if (!response.ok)
    throw new Error(
      typeof body.detail === "string" ? body.detail : `The app at ${APP_URL} answered ${response.status}`,
    );
  return body as UserTierChange;
}

async function main(): Promise<number> {
  const [email, tier] = process.argv.slice(2);
  if (!email) {
    console.error(`usage: npm run user:tier -- EMAIL [${TIERS.join("|")}]`);
    return 2;
  }
  const input = { email, tier };
  const result =
    (await throughRunningApp(input)) ??
    (await (async () => changeUserTier({ db: await getDb(), ...input }))().catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(
        /in use by process/.test(message)
          ? `${message}\nIf the app runs at another address, set APP_URL to it.`
          : message,
      );
    }));
  const allowance = `${result.monthly_tokens.toLocaleString("en")} tokens a month`;
  console.log(
    tier
      ? `${result.email}: ${result.previous} -> ${result.tier} (${allowance})`
      : `${result.email}: ${result.tier} (${allowance})`,
  );
  return 0;
}

main()
  .then(async (code) => {
    await closeDb();
    process.exitCode = code;
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await closeDb();
    process.exitCode = 1;
  });
