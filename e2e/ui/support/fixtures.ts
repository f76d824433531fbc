import { test as base, expect } from "@playwright/test";

/**
 * Playwright's test with one addition: an uncaught exception in the page fails the test, so a screen
 * that looks right but threw while hydrating or in an effect does not pass unnoticed.
 */
export const test = base.extend<{ failOnPageErrors: void }>({
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await use();
      expect(errors, "uncaught exceptions in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
