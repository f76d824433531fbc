import { withWebSession, type AcquireWebSessionOptions } from "./acquire-web-session";

/**
 * The first viewport of a page as a base64 PNG, with its final URL and title. A session opened here
 * stays open only when asked (keepSession); session_id is then the one to continue with.
 */
export async function previewWebPage(options: AcquireWebSessionOptions) {
  return withWebSession(options, async (session, navigation) => {
    const { page } = session;
    const screenshot = await page.screenshot({ type: "png" });
    return {
      session_id: session.id,
      session_open: Boolean(options.sessionId) || options.keepSession === true,
      url: page.url(),
      title: await page.title(),
      status: navigation?.status ?? null,
      network_idle: navigation?.networkIdle ?? true,
      screenshot: screenshot.toString("base64"),
      blocked_requests: navigation?.blocked ?? [],
    };
  });
}
