import type { Locator } from "@playwright/test";
import { expect, test, visit } from "./fixtures";

/**
 * Money on one line: an eight-figure balance never breaks between digit groups on the
 * narrowest phone (320 px); it shrinks instead. Text that must be cut ends in an ellipsis
 * and shows whole on demand (its title attribute, the details page).
 */

test.use({ viewport: { width: 320, height: 640 } });

/** The text of the element takes one line, and none of it is cut. */
async function expectOneLine(figure: Locator, text: string) {
  await expect(figure).toHaveText(text);
  const lines = await figure.evaluate((el) => {
    // The line boxes of the text itself (not of the elements around it).
    const tops = new Set<number>();
    let clipped = false;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
      const box = node.parentElement!;
      clipped ||= box.scrollWidth > box.clientWidth + 1;
    }
    return { lines: tops.size, clipped };
  });
  expect(lines, text).toEqual({ lines: 1, clipped: false });
  await expect(figure).toBeInViewport({ ratio: 1 });
}

test("one line: money on the narrowest phone, campaign titles at each width", async ({
  page,
  payingMember,
}) => {
  test.setTimeout(120_000);
  await test.step("¥99,999,999 stays on one line on the statement, the dashboard and the withdrawal page", async () => {
    await payingMember(99_999_999);
    await visit(page, "/users/statement");
    await expectOneLine(page.getByTestId("statement-available"), "¥99,999,999");
    await visit(page, "/users");
    await expectOneLine(page.getByTestId("wallet-available"), "¥99,999,999");
    await visit(page, "/users/withdraw");
    await expectOneLine(page.getByTestId("wallet-available"), "¥99,999,999");
    const scrolls = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(scrolls, "no sideways scroll").toBe(false);
  });
  await test.step("a campaign title on its card is never cut without a mark, and reads whole on demand", async () => {
    // The same member, already signed in: the cards read the same for any member.
    for (const width of [320, 375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await visit(page, "/users/campaigns");
      const titles = page.getByTestId("campaign-card-title");
      await expect(titles.first()).toBeVisible();
      for (const title of await titles.all()) {
        const text = (await title.textContent()) ?? "";
        // The link carries the whole title.
        await expect(title.locator("xpath=..")).toHaveAttribute("title", text);
        const box = await title.evaluate((el) => ({
          wide: el.scrollWidth > el.clientWidth + 1,
          clamped: el.scrollHeight > el.clientHeight + 1,
          ellipsis: getComputedStyle(el).webkitLineClamp !== "none",
        }));
        expect(box.wide, `${text} at ${width} px: cut sideways`).toBe(false);
        if (box.clamped) expect(box.ellipsis, `${text} at ${width} px`).toBe(true);
      }
    }
  });
});
