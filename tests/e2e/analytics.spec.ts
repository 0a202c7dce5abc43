import type { Page } from "@playwright/test";
import { expect, test, visit } from "./fixtures";

/** The calls the pixel stub queued (fbevents.js is answered empty, so nothing drains them). */
function pixelCalls(page: Page): Promise<unknown[][]> {
  return page.evaluate(() => {
    const fbq = window.fbq as unknown as { queue?: ArrayLike<unknown>[] } | undefined;
    return (fbq?.queue ?? []).map((args) => Array.from(args));
  });
}

const PAGE_VIEW = ["track", "PageView"];

/**
 * The pixel and the tag manager as a visitor's browser runs them: a paid visit counts a page
 * view, an unpaid one does not, a client-side navigation to an ad link does, and the tag
 * manager's scripts run under the page's nonce. Each step opens its pages afresh (a full load
 * starts the pixel's queue again).
 */
test("analytics: the pixel counts paid visits only, and the tag manager runs under the nonce", async ({
  page,
}) => {
  // Four former tests of about 60 s each on a slow machine.
  test.setTimeout(240_000);
  await test.step("a paid visit (utm_medium=cpc) records a pixel page view", async () => {
    const pixel = page.waitForRequest(/connect\.facebook\.net\/en_US\/fbevents\.js/);
    await visit(page, "/?utm_medium=cpc");
    // "/" redirects a visitor to login; the query travels along.
    await expect(page).toHaveURL(/\/login\?utm_medium=cpc$/);
    await pixel;
    await expect.poll(() => pixelCalls(page)).toContainEqual(PAGE_VIEW);
    const calls = await pixelCalls(page);
    expect(calls).toContainEqual(["init", "1234567890"]);
    expect(calls.filter((c) => c[0] === "track")).toHaveLength(1);
  });

  await test.step("an unpaid visit initialises the pixel without a page view", async () => {
    for (const path of ["/?utm_medium=email", "/", "/login"]) {
      await visit(page, path);
      // The page view is sent from an effect that runs before the hydration mark is set.
      const calls = await pixelCalls(page);
      expect(calls, path).toContainEqual(["init", "1234567890"]);
      expect(calls, path).not.toContainEqual(PAGE_VIEW);
    }
  });

  await test.step("a client-side navigation to an ad link records a page view", async () => {
    await visit(page, "/login");
    expect(await pixelCalls(page)).not.toContainEqual(PAGE_VIEW);
    await page.evaluate(() =>
      (
        window as unknown as { __remixRouter: { navigate(to: string): Promise<void> } }
      ).__remixRouter.navigate("/login?utm_medium=ad"),
    );
    await expect(page).toHaveURL(/utm_medium=ad/);
    await expect.poll(() => pixelCalls(page)).toContainEqual(PAGE_VIEW);
  });

  await test.step("the tag manager runs under the page's CSP nonce", async () => {
    const gtm = page.waitForRequest(/www\.googletagmanager\.com\/gtm\.js\?id=GTM-TEST123/);
    const response = await page.goto("/login");
    await gtm;
    const csp = (await response!.allHeaders())["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce, "the CSP names a nonce").toBeTruthy();

    // The inline snippet carries the nonce in the HTML, and hands it to the script it adds.
    const html = await response!.text();
    const snippet = html.match(/<script nonce="([^"]*)">\(function\(w,d,s,l,i\)[^<]*GTM-TEST123/);
    expect(snippet?.[1]).toBe(nonce);
    expect(snippet?.[0]).toContain(`j.nonce='${nonce}'`);
    const loaded = await page
      .locator('script[src*="googletagmanager.com/gtm.js"]')
      .evaluate((el) => (el as HTMLScriptElement).nonce);
    expect(loaded).toBe(nonce);
    // The pixel snippet too.
    expect(html).toMatch(new RegExp(`<script nonce="${escapeRegExp(nonce!)}">!function\\(f,b,e,v`));
    expect(await page.evaluate(() => Array.isArray(window.dataLayer))).toBe(true);
  });
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
