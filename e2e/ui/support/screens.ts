import { devices } from "@playwright/test";

// The screens each journey is tried on: a desktop and a phone (Playwright's Pixel 7 preset: 412 px,
// touch, mobile viewport). The preset's browser choice is left out: a describe group cannot switch
// browsers, and these suites run in Chromium anyway.
const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices["Pixel 7"];

export const SCREENS = [
  ["desktop", { viewport: { width: 1280, height: 800 } }],
  ["phone", { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch }],
] as const;
