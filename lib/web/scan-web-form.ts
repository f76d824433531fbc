import type { Frame, Locator, Page } from "playwright-core";
import { AppError } from "@/lib/errors/app-error";
import { collectDomFields, type DomOption } from "./dom-fields";
import type { WebField } from "./web-field";
import type { WebSession } from "./web-sessions";

// In its own file so the session registry can hold scanned fields without importing the scanner.
export type { WebField } from "./web-field";

export interface WebButton {
  ref: string;
  label: string;
  frameUrl: string;
}

export interface WebScan {
  url: string;
  title: string;
  fields: WebField[];
  submitButtons: WebButton[];
  frames: number;
}

// Roles in the snapshot that name a form control.
const CONTROL_ROLE =
  /^\s*- (textbox|combobox|checkbox|radio|spinbutton|listbox|searchbox|slider|button) (?:"((?:[^"\\]|\\.)*)")?.*\[ref=([\w]+)\]/;

/**
 * Every fillable field of every frame (open shadow roots included) and the submit buttons. A DOM pass
 * per frame gives name, type, required, value and options and marks each element with a stable ref;
 * the accessibility snapshot (ariaSnapshot, mode "ai", which reaches into iframes and shadow DOM)
 * adds the name a screen reader would announce.
 */
export async function scanWebForm(session: WebSession): Promise<WebScan> {
  const { page } = session;
  const fields: WebField[] = [];
  const submitButtons: WebButton[] = [];
  const frames = page.frames().filter((frame) => !frame.isDetached());
  for (const frame of frames) {
    const pass = await withinTimeLimit(frame.evaluate(collectDomFields, session.nextRef), frame.url());
    session.nextRef = pass.nextRef;
    const frameUrl = frame.url();
    fields.push(...pass.fields.map((field) => ({ ...field, frameUrl })));
    submitButtons.push(...pass.buttons.map((button) => ({ ...button, frameUrl })));
  }
  const names = await accessibleNames(page);
  for (const field of fields) {
    const name = names.get(field.ref);
    if (name) field.accessibleName = name;
    if (!field.label && name) field.label = name;
  }
  session.fields = fields;
  return { url: page.url(), title: await page.title(), fields, submitButtons, frames: frames.length };
}

// evaluate() has no timeout of its own: a page whose script never yields must not hang the request.
const SCAN_FRAME_MS = 10_000;

async function withinTimeLimit<T>(work: Promise<T>, frameUrl: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new AppError(
            "page_timeout",
            `The page did not answer the scan of ${frameUrl} within ${SCAN_FRAME_MS / 1000} s`,
          ),
        ),
      SCAN_FRAME_MS,
    );
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** docsvc ref → accessible name, read from the AI snapshot's aria refs. */
async function accessibleNames(page: Page): Promise<Map<string, string>> {
  const snapshot = await page.ariaSnapshot({ mode: "ai" });
  const names = new Map<string, string>();
  for (const line of snapshot.split("\n")) {
    const match = CONTROL_ROLE.exec(line);
    if (!match || !match[2]) continue;
    const [, , name, ariaRef] = match;
    const docsvcRef = await page
      .locator(`aria-ref=${ariaRef}`)
      .getAttribute("data-docsvc-ref", { timeout: 1_000 })
      .catch((error: unknown) => {
        // An element that left the page since the snapshot has no name to add; anything else is a fault.
        if (error instanceof Error && /Timeout|not found|detached/i.test(error.message)) return null;
        throw error;
      });
    if (docsvcRef) names.set(docsvcRef, name.replace(/\\"/g, '"'));
  }
  return names;
}

/** The element a ref names, in whichever frame it lives (CSS locators pierce open shadow roots). */
export async function locateRef(page: Page, ref: string): Promise<{ locator: Locator; frame: Frame }> {
  const selector = `[data-docsvc-ref="${ref.replace(/["\\]/g, "")}"]`;
  for (const frame of page.frames()) {
    if (frame.isDetached()) continue;
    const locator = frame.locator(selector);
    if ((await locator.count()) > 0) return { locator: locator.first(), frame };
  }
  throw new AppError("not_found", `No element with reference ${ref} on the page (scan it again)`);
}

/** The API's snake_case shape of a scan. */
export function toWebScanResponse(sessionId: string, scan: WebScan) {
  return {
    session_id: sessionId,
    url: scan.url,
    title: scan.title,
    frames: scan.frames,
    fields: scan.fields.map(toWebFieldResponse),
    submit_buttons: scan.submitButtons.map((button) => ({
      ref: button.ref,
      label: button.label,
      frame_url: button.frameUrl,
    })),
  };
}

export function toWebFieldResponse(field: WebField) {
  return {
    ref: field.ref,
    label: field.label,
    accessible_name: field.accessibleName ?? null,
    type: field.type,
    name: field.name || null,
    required: field.required,
    disabled: field.disabled,
    value: field.value,
    ...(field.checked !== undefined ? { checked: field.checked } : {}),
    ...(field.multiple !== undefined ? { multiple: field.multiple } : {}),
    ...(field.options
      ? {
          options: field.options.map((option: DomOption) => ({
            value: option.value,
            label: option.label,
            selected: option.selected,
          })),
        }
      : {}),
    placeholder: field.placeholder || null,
    frame_url: field.frameUrl,
    in_shadow_root: field.inShadowRoot,
  };
}
