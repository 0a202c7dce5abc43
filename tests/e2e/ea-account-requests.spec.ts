import type { Db } from "../../db";
import { newId } from "../../db/id";
import { createAccount } from "../helpers/cashback";
import { expect, test, userPage, visit } from "./fixtures";

/**
 * EA-dedicated account requests in the browser: a member asks from
 * /users/bank for two of their approved accounts to be EA-dedicated; the admin approves one
 * and denies the other with a reason (required) on /admin/eas/requests; the member then sees
 * the new type, each request's state and the reason.
 */

async function approvedAccount(db: Db, userId: string) {
  const broker = await db.kysely
    .selectFrom("brokers")
    .select(["id", "name"])
    .where("auto_rebate", "=", 0)
    .orderBy("name")
    .executeTakeFirstOrThrow();
  const number = String(100000 + Math.floor(Math.random() * 800000));
  await createAccount(db, userId, broker.id, number, "approved");
  return { broker: broker.name, number, label: `${broker.name} ${number}` };
}

test("a member requests the EA-dedicated type; the admin approves one and denies one with a reason", async ({
  page,
  login,
  db,
  browser,
  problems,
}) => {
  // The blank reason is refused by the action with a 400, on purpose.
  problems.allow(/\/admin\/eas\/requests/);
  const member = await userPage(browser, db, {
    passwordHash: "scrypt$unused",
    name: "EA Type Member",
    nickname: `et${newId().slice(-8)}`,
  });
  const first = await approvedAccount(db, member.id);
  const second = await approvedAccount(db, member.id);
  const m = member.page;

  await visit(m, "/users/bank");
  const section = m.getByTestId("ea-account-types");
  await expect(section.getByRole("heading", { name: "EA専用口座" })).toBeVisible();
  const firstRow = section.locator(`[data-account="${first.number}"]`);
  const secondRow = section.locator(`[data-account="${second.number}"]`);
  await expect(firstRow.getByTestId("account-type")).toHaveText("通常口座");
  await firstRow.getByRole("button", { name: `${first.label}をEA専用口座として申請` }).click();
  await expect(section.getByTestId("ea-requested")).toContainText(first.label);
  await expect(firstRow.getByTestId("account-status")).toHaveText("確認待ち");
  await expect(firstRow.getByTestId("ea-request")).toHaveCount(0);
  await secondRow.getByTestId("ea-request").click();
  await expect(secondRow.getByTestId("account-status")).toHaveText("確認待ち");

  // The admin: pending requests first, found by the member's email.
  await login("admin");
  await visit(page, "/admin/eas");
  await page.getByTestId("ea-account-requests").click();
  await expect(page.getByRole("heading", { level: 1, name: "EA専用口座の申請" })).toBeVisible();
  await visit(page, `/admin/eas/requests?q=${encodeURIComponent(member.email)}`);
  const rows = page.getByTestId("table-row");
  await expect(rows).toHaveCount(2);

  await rows.filter({ hasText: first.number }).getByTestId("approve-one").click();
  const approve = page.getByTestId("decision-dialog");
  await expect(approve.getByRole("heading")).toHaveText("EA専用口座として承認");
  await expect(approve).toContainText(first.label);
  await approve.getByRole("button", { name: "承認する" }).click();
  await expect(page.getByTestId("decided")).toHaveText(`${first.label}をEA専用口座にしました`);
  await expect(rows).toHaveCount(1);

  await rows.filter({ hasText: second.number }).getByTestId("deny-one").click();
  const deny = page.getByTestId("decision-dialog");
  await deny.getByLabel("否認の理由", { exact: true }).fill("   ");
  await deny.getByRole("button", { name: "否認する" }).click();
  await expect(deny.getByTestId("error-reason")).toHaveText("否認の理由は必須です");
  await deny
    .getByLabel("否認の理由", { exact: true })
    .fill("EA専用口座であることを確認できませんでした");
  await deny
    .getByLabel("否認の理由（英語）")
    .fill("We could not confirm it is an EA-only account.");
  await deny.getByRole("button", { name: "否認する" }).click();
  await expect(page.getByTestId("decided")).toHaveText(`${second.label}の申請を否認しました`);
  await expect(page.getByTestId("table-empty")).toBeVisible();

  // The member sees both outcomes, the reason with the denial, and may ask again.
  await visit(m, "/users/bank");
  await expect(firstRow.getByTestId("account-type")).toHaveText("EA専用口座");
  await expect(firstRow.getByTestId("account-status")).toHaveText("承認済み");
  await expect(firstRow.getByTestId("ea-request")).toHaveCount(0);
  await expect(secondRow.getByTestId("account-type")).toHaveText("通常口座");
  await expect(secondRow.getByTestId("account-status")).toHaveText("否認");
  await expect(secondRow.getByTestId("deny-reason")).toHaveText(
    "理由: EA専用口座であることを確認できませんでした",
  );
  await expect(secondRow.getByTestId("ea-request")).toBeVisible();
});
