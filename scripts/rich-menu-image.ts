/**
 * npx tsx scripts/rich-menu-image.ts — draws the LINE rich menu's image
 * (server/line/rich-menu.png, 2500×1686) with Debian's Chromium: the five areas of
 * richMenuAreas(), each with its icon, its Japanese label and the English one below. Run it
 * after changing the labels, the areas or the look, and commit the PNG: the worker uploads that
 * file, and a changed file makes a new menu that replaces the old one.
 */
import { writeFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import {
  BanknotesIcon,
  ChatBubbleLeftRightIcon,
  CurrencyYenIcon,
  DocumentTextIcon,
  HomeIcon,
} from "@heroicons/react/24/outline";
import { chromium } from "playwright-core";
import type { LiffPage } from "#domain/liff";
import {
  RICH_MENU_LABELS,
  RICH_MENU_MAX_BYTES,
  RICH_MENU_SIZE,
  richMenuAreas,
} from "#server/line/rich-menu";

const ICONS: Record<LiffPage, typeof HomeIcon> = {
  dashboard: HomeIcon,
  statement: DocumentTextIcon,
  withdraw: BanknotesIcon,
  cashback: CurrencyYenIcon,
  chat: ChatBubbleLeftRightIcon,
};
const ENGLISH: Record<LiffPage, string> = {
  dashboard: "Dashboard",
  statement: "Statement",
  withdraw: "Withdraw",
  cashback: "Cashback",
  chat: "Messages",
};

const cells = richMenuAreas()
  .map(({ page, x, y, width, height }) => {
    const icon = renderToStaticMarkup(
      createElement(ICONS[page], { width: 300, height: 300, "aria-hidden": true }),
    );
    return `<div class="cell" style="left:${x}px;top:${y}px;width:${width}px;height:${height}px">
      <div class="card">${icon}<div class="ja">${RICH_MENU_LABELS[page]}</div><div class="en">${ENGLISH[page]}</div></div></div>`;
  })
  .join("");

const html = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><style>
  html, body { margin: 0; }
  body { width: ${RICH_MENU_SIZE.width}px; height: ${RICH_MENU_SIZE.height}px; position: relative;
    background: #0f766e; font-family: "Noto Sans CJK JP", "Noto Sans JP", sans-serif; }
  .cell { position: absolute; box-sizing: border-box; padding: 18px; }
  .card { box-sizing: border-box; width: 100%; height: 100%; border-radius: 48px; background: #ffffff;
    display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 18px;
    color: #134e4a; }
  .card svg { width: 300px; height: 300px; stroke-width: 1.4; color: #0f766e; }
  .ja { font-size: 108px; font-weight: 700; line-height: 1.1; white-space: nowrap; }
  .en { font-size: 72px; font-weight: 400; line-height: 1; color: #475569; }
</style></head><body>${cells}</body></html>`;

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  const page = await browser.newPage({ viewport: { ...RICH_MENU_SIZE }, deviceScaleFactor: 1 });
  await page.setContent(html);
  await page.evaluate(() => document.fonts.ready);
  const png = await page.screenshot({ type: "png", fullPage: false });
  if (png.length > RICH_MENU_MAX_BYTES) throw new Error(`image is ${png.length} bytes, over 1 MB`);
  writeFileSync("server/line/rich-menu.png", png);
  console.log(`server/line/rich-menu.png: ${png.length} bytes`);
} finally {
  await browser.close();
}
