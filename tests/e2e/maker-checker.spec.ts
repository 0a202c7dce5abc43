import { DEMO_ADMIN, DEMO_FINANCE } from "#tools/seed";
import { approveTransfer, requestTransfer } from "#server/features/wallet/transfers";
import { key } from "../helpers/money";
import { proposeRateChange } from "#server/features/brokers/rate-changes";
import { publish } from "#server/features/legal/service";
import { expect, signInByEmail, test, visit } from "./fixtures";
import { deps, member, withdraw, withdrawalStatus } from "./money-steps";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";

/**
 * Maker-checker, as the demo team meets it: a withdrawal over the threshold needs the finance
 * admin's first approval and then the owner's second; the audit page lists both decisions.
 * What the support admin may not open is asked of the routes (tests/routes/guards.test.ts) and
 * seen in admin-team.spec.ts.
 */
const shoot = shooterFor("test-results/screenshots");
test.describe.configure({ mode: "serial" });

test("a withdrawal over the threshold needs the finance admin and then the owner; the audit page lists both", async ({
  page,
  context,
  db,
}) => {
  const m = await member(db, 400_000);
  const id = await withdraw(db, m, "bank", 350_000);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Finance: completing it is only the first approval; nothing is paid.
  await signInByEmail(context, db, DEMO_FINANCE.email);
  await visit(page, `/admin/withdraw?member=${encodeURIComponent(m.email)}`);
  const row = page.getByTestId("table-row").filter({ hasText: "¥350,000" });
  await row.getByTestId("complete-one").click();
  await page.getByTestId("decision-dialog").getByRole("button", { name: "完了にする" }).click();
  await expect.poll(() => withdrawalStatus(db, id), { timeout: 10_000 }).toBe("checking");
  await visit(page, `/admin/withdraw?status=checking&member=${encodeURIComponent(m.email)}`);
  await expect(row.getByTestId("awaiting-other")).toBeVisible();
  // The same person cannot give the second approval: the page offers it no button.
  await expect(row.getByTestId("decide-second")).toHaveCount(0);

  // The owner: the home lists it with who made the first decision; the second approval.
  await signInByEmail(context, db, DEMO_ADMIN.email);
  await visit(page, "/admin");
  const waiting = page.getByTestId("awaiting-second-item").filter({ hasText: m.nickname });
  await expect(waiting).toContainText("¥350,000");
  await expect(waiting.getByTestId("awaiting-first-approver")).toContainText(
    "一次承認: Aoi Finance",
  );
  // The row leads to the page where it is decided; there one button opens the decision.
  await waiting.click();
  await expect(page).toHaveURL(/\/admin\/withdraw\?status=checking/);
  await visit(page, `/admin/withdraw?status=checking&member=${encodeURIComponent(m.email)}`);
  await row.getByTestId("decide-second").click();
  const dialog = page.getByTestId("second-approval-dialog");
  await expect(dialog.getByTestId("dialog-first-approver")).toContainText("Aoi Finance");
  await dialog.getByTestId("approve-second").click();
  await expect.poll(() => withdrawalStatus(db, id), { timeout: 10_000 }).toBe("pending");
  const approved = await db.kysely
    .selectFrom("withdrawals")
    .innerJoin("users as fa", "fa.id", "withdrawals.first_approved_by")
    .innerJoin("users as sa", "sa.id", "withdrawals.approved_by")
    .select(["fa.email as first", "sa.email as second"])
    .where("withdrawals.id", "=", id)
    .executeTakeFirstOrThrow();
  expect(approved).toEqual({ first: DEMO_FINANCE.email, second: DEMO_ADMIN.email });

  // The audit page lists both decisions, each by its admin.
  await visit(page, `/admin/setting/audit?member=${m.id}`);
  const first = page.getByTestId("audit-row").filter({
    has: page.locator('[data-action="withdrawal.firstApprove"]'),
  });
  const second = page.getByTestId("audit-row").filter({
    has: page.locator('[data-action="withdrawal.secondApprove"]'),
  });
  await expect(first).toHaveCount(1);
  await expect(first.getByTestId("audit-actor")).toContainText("Aoi Finance");
  await expect(second).toHaveCount(1);
  await expect(second.getByTestId("audit-actor")).toContainText("Admin");
});

test("screens: the transfers' second approval, the home's waiting list, the threshold fields", async ({
  page,
  context,
  db,
  problems,
}) => {
  // A large transfer the finance admin approved once, for the owner to approve.
  const sender = await member(db, 400_000);
  const receiver = await member(db);
  const financeId = (
    await db.kysely
      .selectFrom("users")
      .select("id")
      .where("email", "=", DEMO_FINANCE.email)
      .executeTakeFirstOrThrow()
  ).id;
  const transfer = await requestTransfer(deps(db), sender.id, {
    email: receiver.email,
    amount: 320_000,
    requestKey: key(),
  });
  await approveTransfer(deps(db), financeId, transfer.id);
  // The refused send-back (a blank reason) answers 400: what the test asks for.
  problems.allow(/\/admin\/withdraw\/transfers/);
  // Rows without an amount or a member: a rate change and a legal version awaiting a second admin.
  const broker = await db.kysely
    .selectFrom("brokers")
    .select("id")
    .orderBy("name")
    .executeTakeFirstOrThrow();
  await proposeRateChange(
    db.kysely,
    financeId,
    broker.id,
    "2026-12-01",
    { before: [], after: [] },
    [],
  );
  await publish(db, financeId, {
    kind: "privacy",
    body: "# プライバシーポリシー\n第3条を改めました。",
    bodyEn: "",
    summary: "第3条を変更",
    summaryEn: "",
    reconsent: true,
  });

  await signInByEmail(context, db, DEMO_ADMIN.email);
  // The language by the URL's `lng` (it comes before the cookie and the demo owner's own).
  await shots();

  async function shots() {
    for (const lng of SHOT_LANGUAGES) {
      await languageCookie(context, lng);
      await atEachSize(page, async (size, viewport) => {
        const noSideways = async () =>
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
          ).toBeLessThanOrEqual(viewport.width);
        await visit(page, `/admin/withdraw/transfers?status=checking&lng=${lng}`);
        const row = page.getByTestId("table-row").filter({ hasText: "¥320,000" }).first();
        const decide = row.getByTestId("decide-second");
        await expect(decide).toBeVisible();
        // A phone's touch target, as the pending rows' buttons.
        if (size === "phone") {
          const box = await decide.boundingBox();
          expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
        }
        await noSideways();
        if (size === "desktop") {
          // At 1280 px the waiting row fits its table: the frame does not scroll sideways.
          const frame = page.getByRole("region", {
            name: lng === "ja" ? "会員間送金一覧" : "Member transfers",
          });
          const scroll = await frame.first().evaluate((el) => el.scrollWidth - el.clientWidth);
          expect(scroll).toBeLessThanOrEqual(0);
        }
        await shoot(page, `maker-checker-transfers-${lng}-${size}`);

        // One decision dialog: a send-back without a reason is refused with the reason in
        // view and focused; keyboard only, Escape closes it and nothing was decided.
        await decide.focus();
        await page.keyboard.press("Enter");
        const dialog = page.getByTestId("second-approval-dialog");
        await expect(dialog.getByTestId("dialog-first-approver")).toContainText("Aoi Finance");
        const reason = dialog.getByRole("textbox");
        await reason.fill("   ");
        await dialog.getByRole("button", { name: lng === "ja" ? "差し戻す" : "Send back" }).click();
        await expect(dialog.getByTestId("error-reason")).toBeVisible();
        await expect(reason).toBeFocused();
        await expect(reason).toBeInViewport();
        await shoot(page, `maker-checker-transfer-dialog-${lng}-${size}`);
        await page.keyboard.press("Escape");
        await expect(dialog).toHaveCount(0);

        await visit(page, `/admin?lng=${lng}`);
        await expect(page.getByTestId("home-awaiting-second")).toBeVisible();
        const items = page.getByTestId("awaiting-second-item");
        await expect(items.and(page.locator('[data-kind="rateChanges"]'))).toHaveCount(1);
        await expect(items.and(page.locator('[data-kind="legal"]'))).toHaveCount(1);
        await expect(items.and(page.locator('[data-kind="transfers"]'))).toContainText("¥320,000");
        await noSideways();
        await shoot(page, `maker-checker-home-${lng}-${size}`);

        await visit(page, `/admin/setting?edit&lng=${lng}`);
        await expect(page.locator('input[name="presentSecondApprovalOver"]')).toHaveValue("10000");
        await expect(page.locator('input[name="secondApprovalFrom"]')).toBeVisible();
        await noSideways();
        await shoot(page, `maker-checker-threshold-${lng}-${size}`);
      });
    }
  }
});
