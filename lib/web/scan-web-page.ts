import { acquireWebSession, type AcquireWebSessionOptions } from "./acquire-web-session";
import { scanWebForm, toWebScanResponse } from "./scan-web-form";

/** Every fillable field and submit button of the page (url or session_id); the session stays open. */
export async function scanWebPage(options: AcquireWebSessionOptions) {
  const { session } = await acquireWebSession(options);
  return toWebScanResponse(session.id, await scanWebForm(session));
}
