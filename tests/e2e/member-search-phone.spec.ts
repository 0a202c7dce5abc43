import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import { test, visit } from "./fixtures";
import { languageCookie, PHONE, SHOT_LANGUAGES } from "./shots";

/**
 * The admin's member search on the EA licence list, on a 375 px phone: what it matches (email,
 * nickname, UID, account number or key) is read in full, in both languages. It used to be the
 * field's placeholder, which the phone cut off part-way; it now stands under the field, which
 * names it as its description.
 */
for (const lng of SHOT_LANGUAGES) {
  test(`the EA member search says in full what it matches at 375 px (${lng})`, async ({
    page,
    context,
    login,
  }) => {
    const ea = JSON.parse(readFileSync(`locales/${lng}/ea.json`, "utf8")) as {
      admin: { licenses: { memberHint: string } };
    };
    const hint = ea.admin.licenses.memberHint;
    await login("admin");
    await languageCookie(context, lng);
    await page.setViewportSize(PHONE);
    await visit(page, "/admin/eas/licenses");

    const search = page.locator('input[name="member"]');
    await expect(search).toHaveAccessibleDescription(hint);
    const described = page.locator(`[id="${await search.getAttribute("id")}-hint"]`);
    await expect(described).toBeVisible();
    const box = await described.evaluate((el) => ({
      cut: el.scrollWidth > el.clientWidth,
      right: el.getBoundingClientRect().right,
    }));
    expect(box.cut).toBe(false);
    expect(box.right).toBeLessThanOrEqual(PHONE.width);
  });
}
