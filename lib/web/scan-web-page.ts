import { withWebSession, type AcquireWebSessionOptions } from "./acquire-web-session";
import { scanWebForm, toWebScanResponse } from "./scan-web-form";

/** Every fillable field and submit button of the page (url or session_id); a new session stays open only when asked. */
export async function scanWebPage(options: AcquireWebSessionOptions) {
  return withWebSession(options, async (session) => ({
    ...toWebScanResponse(session.id, await scanWebForm(session)),
    session_open: Boolean(options.sessionId) || options.keepSession === true,
  }));
}
