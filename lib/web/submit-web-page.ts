import { submitWebForm } from "./submit-web-form";
import { getWebSessionOrThrow, workInWebSession } from "./web-sessions";

/** Clicks the session's submit button once (409 on a repeat unless allowRepeat) and shows the result. */
export async function submitWebPage(options: {
  ownerId: string;
  sessionId: string;
  buttonRef?: string;
  allowRepeat?: boolean;
}) {
  const session = getWebSessionOrThrow(options.ownerId, options.sessionId);
  const result = await workInWebSession(session, () =>
    submitWebForm({ session, buttonRef: options.buttonRef, allowRepeat: options.allowRepeat }),
  );
  return {
    session_id: session.id,
    url: result.url,
    title: result.title,
    status: result.status,
    navigated: result.navigated,
    button: result.button,
    screenshot: result.screenshot.toString("base64"),
  };
}
