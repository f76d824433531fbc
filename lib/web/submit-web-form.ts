import { errors, type Response } from "playwright-core";
import { AppError } from "@/lib/errors/app-error";
import { locateRef, scanWebForm } from "./scan-web-form";
import type { WebSession } from "./web-sessions";

const NAVIGATION_START_MS = 3_000;

export interface SubmitResult {
  url: string;
  title: string;
  /** HTTP status of the document the submit led to; null when it stayed on the page (a script form). */
  status: number | null;
  navigated: boolean;
  screenshot: Buffer;
  button: { ref: string; label: string };
}

/**
 * Clicks the submit button once and waits for the navigation it starts, or for network idle when it
 * starts none. A session submits once: a second call is a 409 unless `allowRepeat`, so a retry after a
 * lost answer never sends the form twice.
 */
export async function submitWebForm(options: {
  session: WebSession;
  buttonRef?: string;
  allowRepeat?: boolean;
  now?: number;
}): Promise<SubmitResult> {
  const { session } = options;
  if (session.submittedAt !== undefined && !options.allowRepeat) {
    throw new AppError("conflict", "This session already submitted its form; send allow_repeat: true to submit again.");
  }
  const scan = await scanWebForm(session);
  const button = options.buttonRef
    ? scan.submitButtons.find((candidate) => candidate.ref === options.buttonRef)
    : scan.submitButtons[0];
  if (!button)
    throw new AppError(
      options.buttonRef ? "not_found" : "bad_request",
      options.buttonRef ? `No submit button ${options.buttonRef}` : "The page has no submit button",
    );
  const { locator, frame } = await locateRef(session.page, button.ref);
  const { page } = session;
  // A navigation starts with its request, at once after the click; a script form starts none.
  const navigationRequest = page
    .waitForRequest((request) => request.isNavigationRequest() && request.frame() === frame, {
      timeout: NAVIGATION_START_MS,
    })
    .catch((error: unknown) => {
      if (error instanceof errors.TimeoutError) return null;
      throw error;
    });
  // Settles to true or the error, so it can go unawaited when the click starts no navigation.
  const committed = page.waitForEvent("framenavigated", { predicate: (navigated) => navigated === frame }).then(
    () => true,
    (error: unknown) => error,
  );
  // Marked before the click: if the click throws half way, a retry must still not submit twice.
  session.submittedAt = options.now ?? Date.now();
  await locator.click({ noWaitAfter: true });
  const request = await navigationRequest;
  let response: Response | null = null;
  if (request) {
    response = await request.response();
    const commit = await committed;
    if (commit !== true) throw commit;
    await frame.waitForLoadState("load");
  }
  await idleAfterClick(session);
  session.fields = [];
  return {
    url: page.url(),
    title: await page.title(),
    status: response?.status() ?? null,
    navigated: request !== null,
    screenshot: await page.screenshot(),
    button: { ref: button.ref, label: button.label },
  };
}

/** Network idle after a click that may start no navigation at all (forms sent by script). */
async function idleAfterClick(session: WebSession): Promise<void> {
  try {
    await session.page.waitForLoadState("networkidle", { timeout: 5_000 });
  } catch (error) {
    if (!(error instanceof errors.TimeoutError)) throw error;
  }
}
