import { headers } from "next/headers";
import { appOrigin } from "@/lib/auth/caller/app-origin";

/**
 * The app's origin for a page's examples and links: APP_URL when set, otherwise the address this page
 * was requested at (as sign-in callbacks use it), so a quick start opened at 127.0.0.1:3000 or a LAN
 * address shows commands that reach the app from there. Server components only.
 */
export async function pageOrigin(): Promise<string> {
  return appOrigin(new Request("http://page.invalid/", { headers: await headers() }));
}
