import type { BrowserContext, Page } from "@playwright/test";
import { E2E_ORIGIN } from "./env";

/**
 * Screenshots for a person to look at (not compared against anything), taken inside journeys
 * that assert what they show: each screen at a laptop's and a phone's width, in ja and en.
 */

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };
export const SHOT_LANGUAGES = ["ja", "en"] as const;

/**
 * A function that saves screenshots into `dir` (animations off, so they hold still): the full
 * page unless `fullPage` is false (an open dialog is shot as the viewport shows it).
 */
export function shooterFor(dir: string) {
  return async function shoot(page: Page, name: string, fullPage = true) {
    await page.screenshot({ path: `${dir}/${name}.png`, fullPage, animations: "disabled" });
  };
}

/** Sets the viewport to each width in turn and runs `take` there. */
export async function atEachSize(
  page: Page,
  take: (size: "desktop" | "phone", viewport: { width: number; height: number }) => Promise<void>,
) {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["phone", PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await take(size, viewport);
  }
}

/** The language the server renders the pages in (its cookie only). */
export async function languageCookie(context: BrowserContext, lng: "ja" | "en") {
  await context.addCookies([{ name: "language", value: lng, url: E2E_ORIGIN }]);
}
