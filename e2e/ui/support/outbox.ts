import type { Page } from "@playwright/test";
import { latestEmail, sixDigitCode } from "../../support/accounts";

// The app's /dev/outbox (DEV_OUTBOX=1 in the test server) stands in for a mailbox.

export async function verificationCodeFor(page: Page, email: string): Promise<string> {
  return sixDigitCode((await latestEmail(page.request, email)).text);
}

/** The path and query of the newest emailed link (reset password, invitation), to open in the browser. */
export async function emailedLinkFor(page: Page, email: string): Promise<string> {
  const { text } = await latestEmail(page.request, email);
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  if (!link) throw new Error(`No link in: ${text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
