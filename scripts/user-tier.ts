// npm run user:tier -- EMAIL TIER   changes a user's tier (free | starter | growth | scale)
// npm run user:tier -- EMAIL        shows it
// Uses the same database as the app: DATABASE_URL, or the embedded PGlite in DATA_DIR (stop the app first).
import { normalizeEmail } from "../lib/auth/email-address";
import { closeDb, getDb } from "../lib/db";
import { setUserTier } from "../lib/users/set-user-tier";
import { MONTHLY_TOKEN_ALLOWANCE, TIERS } from "../lib/users/tier-allowance";

async function main(): Promise<number> {
  const [email, tier] = process.argv.slice(2);
  if (!email) {
    console.error(`usage: npm run user:tier -- EMAIL [${TIERS.join("|")}]`);
    return 2;
  }
  if (!tier) {
    const db = await getDb();
    const user = await db.user.findUnique({ where: { email: normalizeEmail(email) }, select: { tier: true } });
    if (!user) {
      console.error(`No user with email ${normalizeEmail(email)}`);
      return 1;
    }
    console.log(`${normalizeEmail(email)}: ${user.tier} (${MONTHLY_TOKEN_ALLOWANCE[user.tier].toLocaleString("en")} tokens a month)`);
    return 0;
  }
  const result = await setUserTier({ email, tier });
  console.log(`${result.email}: ${result.previous} -> ${result.tier} (${MONTHLY_TOKEN_ALLOWANCE[result.tier].toLocaleString("en")} tokens a month)`);
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
