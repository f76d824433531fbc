import { acquireWebSession, type AcquireWebSessionOptions } from "./acquire-web-session";

/** The first viewport of a page as a base64 PNG, with its final URL and title; the session stays open. */
export async function previewWebPage(options: AcquireWebSessionOptions) {
  const { session, navigation } = await acquireWebSession(options);
  const { page } = session;
  const screenshot = await page.screenshot({ type: "png" });
  return {
    session_id: session.id,
    url: page.url(),
    title: await page.title(),
    status: navigation?.status ?? null,
    network_idle: navigation?.networkIdle ?? true,
    screenshot: screenshot.toString("base64"),
    blocked_requests: navigation?.blocked ?? [],
  };
}
