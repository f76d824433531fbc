import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { uploadAndWait } from "./support/documents-api";
import { invoicePdf } from "./support/documents-samples";
import { signedInUser } from "./support/session";

// Every page of the app, found in app/**/page.tsx so a new page is covered without editing this
// file, is loaded with the CSP on; any violation (a script without the nonce, eval, a foreign
// resource) fails the test, and so does a page whose scripts never ran.

/** Page routes from the file system: /batches/[batch_id] and friends, route groups dropped. */
function pageRoutes(dir = path.resolve("app"), prefix = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry === "api" || entry === "v1" || entry.startsWith("_")) continue;
      found.push(...pageRoutes(full, /^\(.*\)$/.test(entry) ? prefix : `${prefix}/${entry}`));
    } else if (/^page\.(tsx|ts|jsx|js|mdx)$/.test(entry)) {
      found.push(prefix === "" ? "/" : prefix);
    }
  }
  return found;
}

type Violation = { directive: string; blocked: string; source: string };

/** Console reports of blocked content; violation events are collected in the page by an init script. */
async function watchViolations(page: Page): Promise<string[]> {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|evaluate|connect|frame|display)/i.test(message.text()))
      consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const store: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = store;
    document.addEventListener("securitypolicyviolation", (event) =>
      store.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      }),
    );
  });
  return consoleErrors;
}

async function visit(page: Page, route: string, consoleErrors: string[]) {
  const response = await page.goto(route);
  // Lazily loaded chunks run after "load"; pages that poll or stream never go idle, and by then theirs have run.
  await page
    .waitForLoadState("networkidle", { timeout: 5_000 })
    .catch((error: Error) => expect(error.name).toBe("TimeoutError"));
  expect(response, route).not.toBeNull();
  const policy = response!.headers()["content-security-policy"] ?? "";
  expect(policy, `${route} has a nonce policy`).toMatch(
    /script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'/,
  );
  expect(policy).not.toContain("unsafe-eval");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(response!.headers()["x-frame-options"]).toBe("DENY");
  // The scripts ran: Next.js hydrated the page (its router exists only after its scripts executed).
  await expect
    .poll(() => page.evaluate(() => "next" in window && document.readyState === "complete"), {
      message: `${route} hydrated`,
    })
    .toBe(true);
  const violations = await page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);
  // Soft: one run reports every page's violations, not only the first page's.
  expect
    .soft({ route, violations, consoleErrors: consoleErrors.splice(0) })
    .toEqual({ route, violations: [], consoleErrors: [] });
}

function concrete(route: string, values: Record<string, string>): string {
  return route.replace(/\[([^\]]+)\]/g, (_, name: string) => values[name] ?? "00000000-0000-4000-8000-000000000000");
}

test("every page loads without a Content-Security-Policy violation, signed out and signed in", async ({ page }) => {
  test.setTimeout(240_000);
  const routes = pageRoutes();
  expect(routes.length).toBeGreaterThan(15);
  const consoleErrors = await watchViolations(page);

  for (const route of routes.filter((candidate) => !candidate.includes("["))) await visit(page, route, consoleErrors);

  const user = await signedInUser(page, "/batches");
  const { batchId, documentIds } = await uploadAndWait(
    page.request,
    user.token,
    [await invoicePdf("csp.pdf", "INV-77")],
    "CSP",
  );
  for (const route of routes)
    await visit(page, concrete(route, { batch_id: batchId, document_id: documentIds[0] }), consoleErrors);
});

test("a page refuses to be framed by another site", async ({ page }) => {
  const settings = new URL("/settings", test.info().project.use.baseURL).href;
  // The frame's load event fires whether the app's page or the browser's refusal was shown.
  await page.route("http://framing.example/", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<iframe src="${settings}" onload="document.title='framed'"></iframe>`,
    }),
  );
  await page.goto("http://framing.example/");
  await expect(page).toHaveTitle("framed");
  const framed = page.frames().find((frame) => frame !== page.mainFrame())!;
  expect(await framed.locator("#main").count()).toBe(0);
});
