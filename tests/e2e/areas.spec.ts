import type { Page } from "@playwright/test";
import { expect, test, visit } from "./fixtures";

/**
 * The areas' layout routes (users.tsx, admin.tsx): one guard for every page under them, the
 * area's navigation kept on a 404, and pages with no guard of their own kept safe by the roles
 * of the procedures they call.
 */

/** The admin area's 404 at `path`, with the admin menu kept. */
async function expectAdminNotFound(page: Page, path: string) {
  const response = await visit(page, path);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "管理メニュー" })).toBeVisible();
}

test("an unknown gacha id is the 404 inside the admin area, menu kept", async ({
  page,
  login,
  problems,
}) => {
  problems.allow(/\/admin\/gachas\//);
  await login("admin");
  await expectAdminNotFound(page, "/admin/gachas/01jzzzzzzzzzzzzzzzzzzzzzzz");
});

test("a path under /admin that no page claims is the admin area's 404, for an admin only", async ({
  page,
  login,
  problems,
}) => {
  problems.allow(/\/admin\/no-such-page/);
  // A visitor is sent to login, not told which admin pages exist.
  await visit(page, "/admin/no-such-page");
  await expect(page).toHaveURL(/\/login$/);

  await login("admin");
  await expectAdminNotFound(page, "/admin/no-such-page");
});

test("a member whose session ended is sent to login by the next page's procedure", async ({
  page,
  login,
  db,
}) => {
  const member = await login("member");
  await visit(page, "/users");
  // The session ends while the page is open (signed out elsewhere).
  await db.kysely.deleteFrom("sessions").where("user_id", "=", member.id).execute();
  // A client-side navigation asks only the new page's loader, not the area's: the page's
  // procedure refuses, and the refusal becomes the guard's redirect.
  await page.getByTestId("sidebar").getByRole("link", { name: "出金履歴" }).click();
  // The session is gone, so login says it ended and offers the way back.
  await expect(page).toHaveURL(/\/login\?ended=expired&redirect=%2Fusers%2Fwithdraw$/);
  await expect(page.getByTestId("session-ended")).toBeVisible();
  await expect(page.getByRole("heading", { name: "ログイン", level: 1 })).toBeVisible();
});

test("a member posting to an admin page's action is sent home, and nothing changes", async ({
  page,
  login,
  db,
}) => {
  await login("member");
  await visit(page, "/users");
  const before = await db.kysely.selectFrom("brokers").select("id").execute();
  const status = await page.evaluate(async () => {
    const body = new FormData();
    body.set("name", "Not a broker");
    const res = await fetch("/admin/account/brokers/new", { method: "POST", body });
    return { redirected: res.redirected, url: res.url };
  });
  expect(status.redirected).toBe(true);
  expect(new URL(status.url).pathname).toBe("/users");
  expect(await db.kysely.selectFrom("brokers").select("id").execute()).toHaveLength(before.length);
});
