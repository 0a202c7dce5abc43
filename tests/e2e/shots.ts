import type { BrowserContext, Locator, Page } from "@playwright/test";
import { E2E_ORIGIN } from "./env";
import { visit } from "./fixtures";

/**
 * What the screenshot specs share: screenshots for a person to look at (not compared against
 * anything), each screen at a laptop's and a phone's width, in ja and en.
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

/**
 * How the screen of one screenshot is reached from the one before: a path to open, steps on
 * the open page, or several of these in turn.
 */
export type ShotStep = string | ((page: Page) => Promise<void>) | ShotStep[];

async function takeStep(page: Page, step: ShotStep): Promise<void> {
  if (typeof step === "string") await visit(page, step);
  else if (Array.isArray(step)) for (const each of step) await takeStep(page, each);
  else await step(page);
}

/**
 * At each size, the screenshots in order: each entry's step, then `<name>-<size>-<lng>` (the
 * full page unless the entry's third item is false).
 */
export async function shootSteps(
  page: Page,
  shoot: ReturnType<typeof shooterFor>,
  lng: string,
  shots: [name: string, step: ShotStep, fullPage?: boolean][],
) {
  await atEachSize(page, async (size) => {
    for (const [name, step, fullPage] of shots) {
      await takeStep(page, step);
      await shoot(page, `${name}-${size}-${lng}`, fullPage);
    }
  });
}

/**
 * A step: click `target` (the first element with that test id, or a locator) and wait for the
 * element with the test id `shown`.
 */
export function clickTo(target: string | ((page: Page) => Locator), shown: string): ShotStep {
  return async (page) => {
    await (typeof target === "string" ? page.getByTestId(target).first() : target(page)).click();
    await page.getByTestId(shown).waitFor();
  };
}

/** The language the server renders the pages in (its cookie only). */
export async function languageCookie(context: BrowserContext, lng: "ja" | "en") {
  await context.addCookies([{ name: "language", value: lng, url: E2E_ORIGIN }]);
}

/**
 * Opens `path` until no dialog greets the page: the demo member's first loads open the marathon
 * notice and the popup, which would cover the screenshots.
 */
export async function visitPastDialogs(page: Page, path: string) {
  await visit(page, path);
  for (let i = 0; i < 4 && (await page.getByRole("dialog").count()) > 0; i++) {
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /閉じる|Close/ })
      .first()
      .click();
    await visit(page, path);
  }
}
