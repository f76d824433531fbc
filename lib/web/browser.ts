import { access, constants } from "node:fs/promises";
import { chromium, type Browser } from "playwright-core";
import { getConfig } from "@/lib/config";
import { AppError } from "@/lib/errors/app-error";

// Headless Chromium as the tests use it; WebRTC may not send UDP around the per-context proxy.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-features=AutofillServerCommunication,MediaRouter,OptimizationHints",
  "--no-first-run",
  "--force-webrtc-ip-handling-policy=disable_non_proxied_udp",
  "--webrtc-ip-handling-policy=disable_non_proxied_udp",
  "--enforce-webrtc-ip-permission-check",
];

// One browser per process; cached on globalThis because Next.js bundles route modules separately.
const holder = globalThis as typeof globalThis & { __docsvcBrowser?: Promise<Browser> };

export class BrowserUnavailableError extends AppError {
  constructor(path: string, detail?: string) {
    super(
      "service_unavailable",
      `The web browser is not available: no Chromium at ${path}${detail ? ` (${detail})` : ""}. Install it (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
}

/** Whether the Chromium binary exists and is executable, without starting it. */
export async function chromiumInstalled(path = getConfig().CHROMIUM_PATH): Promise<boolean> {
  try {
    await access(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The shared browser, started on first use; a 503 naming what to install when Chromium is missing. */
export function getBrowser(): Promise<Browser> {
  holder.__docsvcBrowser ??= launch().catch((error: unknown) => {
    holder.__docsvcBrowser = undefined;
    throw error;
  });
  return holder.__docsvcBrowser;
}

async function launch(): Promise<Browser> {
  const path = getConfig().CHROMIUM_PATH;
  if (!(await chromiumInstalled(path))) throw new BrowserUnavailableError(path);
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: path, headless: true, args: CHROMIUM_ARGS, timeout: 30_000 });
  } catch (error) {
    throw new BrowserUnavailableError(path, error instanceof Error ? error.message.split("\n")[0] : String(error));
  }
  // A crashed browser is started again on the next call.
  browser.on("disconnected", () => {
    holder.__docsvcBrowser = undefined;
  });
  return browser;
}

/** Whether the browser process is running now. */
export function browserRunning(): boolean {
  return holder.__docsvcBrowser !== undefined;
}

/** Stops the shared browser (shutdown, tests); the next getBrowser() starts a new one. */
export async function closeBrowser(): Promise<void> {
  const pending = holder.__docsvcBrowser;
  holder.__docsvcBrowser = undefined;
  if (!pending) return;
  let browser: Browser;
  try {
    browser = await pending;
  } catch (error) {
    // A browser that never started has nothing to close.
    if (error instanceof BrowserUnavailableError) return;
    throw error;
  }
  await browser.close();
}
