import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";

// Factories shared by the API suites: each test makes its own users and keys.

export const DEFAULT_PASSWORD = "correct horse battery staple";

export function uniqueEmail(label = "user"): string {
  return `${label}-${randomUUID().slice(0, 12)}@example.test`;
}

/** A TEST-NET-3 address per call, sent as X-Forwarded-For so sign-in throttling of one test never hits another. */
export function uniqueClientAddress(): string {
  const n = Math.floor(Math.random() * 65_536);
  return `198.51.${n >> 8}.${n & 255}`;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

/** Registers a user through POST /api/auth/register and returns its credentials and token. */
export async function createUser(
  request: APIRequestContext,
  options: { email?: string; password?: string; name?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? DEFAULT_PASSWORD;
  const response = await request.post("/api/auth/register", { data: { email, password, name: options.name } });
  expect(response.status(), await response.text()).toBe(200);
  const body = await response.json();
  return { id: body.user.id, email: body.user.email, password, token: body.access_token };
}

/** Signs in with email and password; returns a fresh access token. */
export async function signIn(request: APIRequestContext, user: { email: string; password: string }): Promise<string> {
  const response = await request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
    headers: { "x-forwarded-for": uniqueClientAddress() },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).access_token;
}

/** Creates an API key for the user; the full key is only in this answer. */
export async function createApiKey(
  request: APIRequestContext,
  token: string,
  name = "test key",
): Promise<{ key: string; keyId: string }> {
  const response = await request.post("/api/users/me/api-keys", { headers: bearer(token), data: { name } });
  expect(response.status(), await response.text()).toBe(200);
  const body = await response.json();
  return { key: body.key, keyId: body.key_id };
}

/**
 * The newest email to an address, read from the app's /dev/outbox page (enabled in the test server
 * with DEV_OUTBOX=1). Polls briefly: mail is written while the request that triggers it is answered.
 */
export async function latestEmail(request: APIRequestContext, to: string): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const html = await (await request.get(`/dev/outbox?to=${encodeURIComponent(to)}`)).text();
      const match = /data-testid="outbox-subject">([^<]*)<\/h2><pre[^>]*>([\s\S]*?)<\/pre>/.exec(html);
      found = match
        ? { subject: decodeEntities(match[1]), text: decodeEntities(match[2].replace(/<[^>]+>/g, "")) }
        : undefined;
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

export function linkToken(text: string): string {
  const match = /[?&]token=([\w-]+)/.exec(text);
  if (!match) throw new Error(`No token link in: ${text}`);
  return match[1];
}

export function sixDigitCode(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`No code in: ${text}`);
  return match[1];
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
