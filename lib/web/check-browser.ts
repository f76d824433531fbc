import { getConfig } from "@/lib/config";
import { browserRunning, chromiumInstalled } from "./browser";
import { webSessionCounts } from "./web-sessions";

export interface BrowserHealth {
  status: "ok" | "missing";
  executable: string;
  running: boolean;
  sessions_open: number;
  max_sessions: number;
  error?: string;
}

/**
 * Whether the web operations can run: the Chromium binary is there (it is started on first use, not
 * by a health probe), and how many sessions are open. Optional: a missing browser does not make the
 * service unhealthy, it makes the web operations answer 503.
 */
export async function checkBrowser(): Promise<BrowserHealth> {
  const executable = getConfig().CHROMIUM_PATH;
  const installed = await chromiumInstalled(executable);
  const { open, max } = webSessionCounts();
  return {
    status: installed ? "ok" : "missing",
    executable,
    running: browserRunning(),
    sessions_open: open,
    max_sessions: max,
    ...(installed
      ? {}
      : { error: `No Chromium at ${executable}: install it (apt-get install chromium) or set CHROMIUM_PATH` }),
  };
}
