import { nowDb } from "../../db/time";
import { creditReport } from "../helpers/cashback";
import { anAdminId } from "../helpers/money";
import { expect, signInUser, test, visit } from "./fixtures";

/**
 * The cashback journey in the browser: an admin uploads a broker report through the data
 * update form, reads the preview (matched, unmatched, duplicate and error rows with their
 * line numbers and reasons), commits it and re-runs it after an approval; the member then sees
 * exactly that cashback on the dashboard, in the history (and its CSV) and in the monthly
 * chart and table, to the yen. Refused files (USD rows without a rate, wrong columns, an empty
 * file, a file over 50 MB) show their message and credit nothing.
 *
 * Each test makes its own broker, member and accounts, so the figures are its own.
 */

import { batchesNamed, days, expectJobDone, memberCredits, setup, upload } from "./cashback-kit";

test.describe("cashback import", () => {
  test("an admin's report reaches the member's dashboard, history and monthly chart, to the yen", async ({
    page,
    context,
    db,
    login,
  }) => {
    const s = await setup(db);
    const d = days();
    const file = `report-${s.tag}.csv`;
    // Line 1 is the header. 2: matched JPY today; 3: matched USD last month (10.50 × 150.5 =
    // 1,580.25 → ¥1,580); 4: the pending account (unmatched); 5: line 2 again (duplicate);
    // 6: a date that does not exist; 7: a negative amount.
    const report = [
      "trade_date,broker,account,lots,amount,currency,row_key",
      `${d.today},${s.brokerCode},${s.approved},1.5,1200,JPY,k1`,
      `${d.lastMonthDay},${s.brokerName},${s.approved},2,10.50,USD,k2`,
      `${d.today},${s.brokerCode},${s.pending},0.8,999,JPY,k3`,
      `${d.today},${s.brokerCode},${s.approved},1.5,1200,JPY,k1`,
      `2026-02-30,${s.brokerCode},${s.approved},1,500,JPY,k4`,
      `${d.today},${s.brokerCode},${s.approved},1,-500,JPY,k5`,
    ].join("\n");

    // ---------------------------------------------------------------- admin: preview
    await login("admin");
    await visit(page, "/admin/update");
    await expect(page.getByRole("heading", { level: 1, name: "データ更新" })).toBeVisible();
    await upload(page, file, report, "150.5");
    // The upload is stored and its preview queued; the batch page follows the preview job
    // (the import worker reads the file) until the rows are ready, without a reload.
    await expect(page).toHaveURL(/\/admin\/update\/[^/?]+$/);
    await expect(page.getByRole("heading", { level: 1, name: file })).toBeVisible();
    await expectJobDone(
      page,
      "レポートを読み込みました: 6行。反映する前に下の内容を確認してください。",
    );
    await expect(page.getByTestId("batch-status")).toHaveText("プレビュー");
    await expect(page.getByTestId("count-total")).toHaveText("6");
    await expect(page.getByTestId("count-matched")).toHaveText("2");
    await expect(page.getByTestId("count-unmatched")).toHaveText("1");
    await expect(page.getByTestId("count-duplicate")).toHaveText("1");
    await expect(page.getByTestId("count-error")).toHaveText("2");
    await expect(page.getByTestId("count-credited")).toHaveText("0");
    const rows = page.getByTestId("batch-rows").getByTestId("table-row");
    await expect(rows).toHaveCount(6);
    // The USD row in yen, rounded down.
    await expect(rows.filter({ hasText: "$10.50" })).toContainText("¥1,580");
    // Before the commit, what the matched rows will credit (nothing is credited yet).
    await expect(page.getByTestId("amount-to-credit")).toHaveText("¥2,780");
    await expect(page.getByTestId("amount-credited")).toHaveCount(0);

    // The errors, with their line numbers and reasons.
    await page.getByTestId("filter-error").click();
    await expect(page).toHaveURL(/status=error/);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).locator("td").first()).toHaveText("6");
    await expect(rows.nth(0).getByTestId("row-reason")).toHaveText("日付が正しくありません");
    await expect(rows.nth(1).locator("td").first()).toHaveText("7");
    await expect(rows.nth(1).getByTestId("row-reason")).toHaveText("金額がマイナスです");
    await page.getByTestId("filter-unmatched").click();
    await expect(rows).toHaveCount(1);
    await expect(rows.nth(0)).toContainText(s.pending);
    await page.getByTestId("filter-all").click();
    await expect(rows).toHaveCount(6);

    // A preview credits nothing.
    expect(await memberCredits(db, s.member.id)).toEqual({ rows: 0, sum: 0 });

    // ---------------------------------------------------------------- admin: commit
    await page.getByTestId("commit").click();
    const dialog = page.getByTestId("commit-dialog");
    await expect(dialog.getByRole("heading")).toHaveText("この取込を反映しますか？");
    await expect(dialog).toContainText("一致した2行");
    await dialog.getByRole("button", { name: "反映して入金する" }).click();
    // The commit is queued and answered at once; the import worker credits it, and the page,
    // which follows the job, shows the outcome without a reload.
    await expect(dialog).toBeHidden();
    await expectJobDone(page, "完了しました: 2件・¥2,780を入金しました。");
    await expect(page.getByTestId("batch-status")).toHaveText("反映済み");
    await expect(page.getByTestId("count-credited")).toHaveText("2");
    await expect(page.getByTestId("amount-credited")).toHaveText("¥2,780");
    await expect(page.getByTestId("commit")).toHaveCount(0);
    expect(await memberCredits(db, s.member.id)).toEqual({ rows: 2, sum: 2780 });

    // The import list: counts, totals, the admin and the time.
    await visit(page, "/admin/update");
    const listed = page.getByTestId("batches").getByTestId("table-row").filter({ hasText: file });
    await expect(listed).toContainText("反映済み");
    await expect(listed).toContainText("全6 ・ 一致2 ・ 未一致1 ・ 重複1 ・ エラー2");
    await expect(listed).toContainText("2件・¥2,780");
    await expect(listed).toContainText("150.5");
    await listed.getByTestId("batch-link").click();

    // ---------------------------------------------------------------- admin: re-run
    // The pending account is approved later; a re-run credits its row, once.
    await db.kysely
      .updateTable("broker_accounts")
      .set({ status: "approved", decided_at: nowDb() })
      .where("id", "=", s.pendingId)
      .execute();
    await page.getByTestId("rerun").click();
    const rerun = page.getByTestId("rerun-dialog");
    await rerun.getByRole("button", { name: "再実行する" }).click();
    await expectJobDone(page, "完了しました: 1件・¥999を入金しました。");
    await expect(page.getByTestId("count-unmatched")).toHaveText("0");
    await expect(page.getByTestId("count-credited")).toHaveText("3");
    await expect(page.getByTestId("amount-credited")).toHaveText("¥3,779");
    await expect(page.getByTestId("rerun")).toHaveCount(0);
    expect(await memberCredits(db, s.member.id)).toEqual({ rows: 3, sum: 3779 });

    // ---------------------------------------------------------------- admin: the list and home
    await visit(page, `/admin/cashback?member=${encodeURIComponent(s.member.email)}`);
    await expect(
      page.getByRole("heading", { level: 1, name: "キャッシュバック一覧" }),
    ).toBeVisible();
    const listRows = page.getByTestId("admin-cashback").getByTestId("table-row");
    await expect(listRows).toHaveCount(3);
    await expect(page.getByTestId("cashback-total")).toHaveText("合計 ¥3,779（3件）");
    await page.getByTestId("filter-broker").selectOption({ label: s.brokerName });
    await page.getByTestId("filter-account").fill(s.pending);
    await page.getByTestId("filters-apply").click();
    await expect(page).toHaveURL(new RegExp(`broker=${s.brokerId}`));
    await expect(listRows).toHaveCount(1);
    await expect(page.getByTestId("cashback-total")).toHaveText("合計 ¥999（1件）");
    const csv = await page.request.get(
      (await page.getByTestId("table-export").getAttribute("href"))!,
    );
    expect(csv.status()).toBe(200);
    const csvText = await csv.text();
    expect(csvText).toContain(`${d.today},${s.member.id}`);
    expect(csvText).toContain(`${s.pending},0.8,999`);

    await visit(page, "/admin");
    await expect(page.getByRole("heading", { level: 1, name: "ホーム" })).toBeVisible();
    for (const id of [
      "home-cashback-today",
      "home-cashback-month",
      "home-pending-withdrawals",
      "home-pending-accounts",
      "home-pending-transfers",
      "home-new-members",
    ]) {
      await expect(page.getByTestId(id)).toBeVisible();
    }
    await page.getByTestId("home-cashback-today").click();
    await expect(page).toHaveURL(/\/admin\/cashback\?period=today$/);
    await expect(page.getByTestId("filter-period")).toHaveValue("today");

    // ---------------------------------------------------------------- member: dashboard
    // Only the member's session from here on, not the admin's.
    await context.clearCookies();
    await signInUser(context, db, s.member.id);
    await visit(page, "/users");
    await expect(page.getByTestId("welcome")).toContainText(s.member.nickname);
    await expect(page.getByTestId("wallet-available")).toHaveText("¥3,779");
    await expect(page.getByTestId("cashback-this-month")).toHaveText("¥2,199");
    await expect(page.getByTestId("cashback-last-month")).toHaveText("¥1,580");
    await expect(page.getByTestId("report-all-time")).toHaveText("¥3,779");
    const recent = page.getByTestId("recent-row");
    await expect(recent).toHaveCount(3);
    await expect(recent.filter({ hasText: s.pending })).toContainText("¥999");
    await expect(page.getByTestId("account-row")).toHaveCount(2);
    await expect(page.getByTestId("account-state")).toHaveText(["承認済み", "承認済み"]);
    await expect(page.getByTestId("pending-value")).toHaveText("申請中の出金はありません");
    // The dashboard draws plain bars (no charting library): one per month of the report.
    await expect(page.getByTestId("report-monthly-chart").getByTestId("mini-bar")).not.toHaveCount(
      0,
    );

    // ---------------------------------------------------------------- member: cashback page
    await page.getByTestId("recent-cashback").getByRole("link", { name: "すべての履歴" }).click();
    await expect(page).toHaveURL(/\/users\/cashback$/);
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await expect(page.getByTestId("summary-all")).toHaveText("¥3,779");
    await expect(page.getByTestId("summary-period")).toHaveText("¥3,779");
    await expect(page.getByTestId("summary-by-broker").getByTestId("breakdown-row")).toHaveText([
      `${s.brokerName}¥3,779`,
    ]);
    const byAccount = page.getByTestId("summary-by-account").getByTestId("breakdown-row");
    await expect(byAccount).toHaveCount(2);
    await expect(byAccount.filter({ hasText: s.approved })).toContainText("¥2,780");
    const history = page.getByTestId("cashback-history").getByTestId("table-row");
    await expect(history).toHaveCount(3);
    await expect(history.nth(2)).toContainText(d.lastMonthDay.replace(/-/g, "/"));
    await expect(history.nth(2)).toContainText("¥1,580");
    // The chart (drawn in the browser) and its table agree with the history.
    const chart = page.getByTestId("monthly-chart");
    await expect(chart).toHaveAttribute("role", "img");
    await expect(chart.locator("svg.recharts-surface")).toBeVisible();
    await expect(chart.locator(".recharts-bar-rectangle path")).toHaveCount(2);
    await expect(page.getByTestId("monthly-row")).toHaveCount(12);
    await expect(page.locator(`[data-month="${d.thisMonth}"]`)).toContainText("¥2,199");
    await expect(page.locator(`[data-month="${d.lastMonth}"]`)).toContainText("¥1,580");

    // The period presets narrow the summary and the history together.
    await page.getByTestId("filter-period").selectOption("today");
    await page.getByTestId("filters-apply").click();
    await expect(page).toHaveURL(/period=today/);
    await expect(history).toHaveCount(2);
    await expect(page.getByTestId("summary-period")).toHaveText("¥2,199");
    await expect(page.getByTestId("summary-all")).toHaveText("¥3,779");

    // The CSV holds what the page selects.
    const memberCsv = await page.request.get(
      (await page.getByTestId("table-export").getAttribute("href"))!,
    );
    const memberCsvText = await memberCsv.text();
    // With the lots, the rate per lot applied (or, without a stored rate, what each lot paid:
    // 999 / 0.8 = 1,248.75) and the account type it came from, after the amount.
    expect(memberCsvText.split("\r\n")[0]).toBe(
      "\uFEFF発生日,会社,口座番号,ロット,1ロットあたり（円）,金額（円）,口座タイプ",
    );
    expect(memberCsvText).toContain(`${d.today},${s.brokerName},${s.approved},1.5,800,1200`);
    expect(memberCsvText).toContain(`${d.today},${s.brokerName},${s.pending},0.8,1249,999`);
    expect(memberCsvText.trimEnd().split("\r\n")).toHaveLength(3);

    // English reads the same figures.
    await context.addCookies([{ name: "language", value: "en", url: page.url() }]);
    await visit(page, "/users/cashback");
    await expect(page.getByRole("heading", { level: 2, name: "Monthly cashback" })).toBeVisible();
    const [y, m] = d.thisMonth.split("-");
    const monthName = [
      "Jan",
      "Feb",
      "Mar",
      "Apr",
      "May",
      "Jun",
      "Jul",
      "Aug",
      "Sep",
      "Oct",
      "Nov",
      "Dec",
    ][Number(m) - 1];
    await expect(page.locator(`[data-month="${d.thisMonth}"]`)).toHaveText(
      `${monthName} ${y}¥2,199`,
    );
  });

  test("refused files show their message and credit nothing", async ({
    page,
    db,
    login,
    problems,
  }) => {
    // Each refusal is the action's 400, on purpose.
    problems.allow(/\/admin\/update/);
    const s = await setup(db);
    const d = days();
    await login("admin");
    await visit(page, "/admin/update");

    // USD rows without the batch's rate.
    const usd = `usd-${s.tag}.csv`;
    const usdRows = [
      "trade_date,broker,account,lots,amount,currency",
      `${d.today},${s.brokerCode},${s.approved},1,12.34,USD`,
    ].join("\n");
    await upload(page, usd, usdRows);
    // Found only when the rows are read: the preview job fails with the reason, and the batch
    // page says so; nothing is imported.
    await expect(page).toHaveURL(/\/admin\/update\/[^/?]+$/);
    await expect(page.getByTestId("job-failed")).toHaveText(
      "レポートを読み込めませんでした。理由: USDの行があります。このバッチのUSDレートを入力してください。何も取り込まれていません。ファイルを直してもう一度アップロードしてください。",
      { timeout: 20_000 },
    );
    await expect(page.getByTestId("batch-status")).toHaveText("取込不可");
    await expect(page.getByTestId("count-total")).toHaveText("0");
    await expect(page.getByTestId("commit")).toHaveCount(0);
    await visit(page, "/admin/update");

    // A rate that is not a number.
    await upload(page, usd, usdRows, "abc");
    await expect(page.getByTestId("error-usdRate")).toHaveText(
      "USDレートは正の数値で入力してください",
    );

    // A file no import profile (nor the built-in shape) fits: said so, with the closest
    // profiles, the file's header, and a link to make a profile from it.
    const broken = `broken-${s.tag}.csv`;
    await upload(page, broken, `date,who,how much\n${d.today},${s.approved},100\n`);
    await expect(page.getByTestId("form-error")).toContainText(
      "このファイルに合う取込プロファイルがありません。",
    );
    await expect(page.getByTestId("form-error")).toContainText(
      "ファイルの見出し: date,who,how much",
    );
    await expect(page.getByTestId("create-profile-from-file").getByRole("link")).toHaveAttribute(
      "href",
      "/admin/update/profiles/new?header=date%2Cwho%2Chow+much&delimiter=%2C&encoding=utf-8",
    );

    // An empty file.
    const empty = `empty-${s.tag}.csv`;
    await upload(page, empty, "");
    await expect(page.getByTestId("form-error")).toHaveText("ファイルが空です");

    // Over 50 MB: refused without being read whole.
    const big = `big-${s.tag}.csv`;
    const line = `${d.today},${s.brokerCode},${s.approved},1,100,JPY\n`;
    const huge = Buffer.from(
      "trade_date,broker,account,lots,amount,currency\n" +
        line.repeat(Math.ceil((51 * 1024 * 1024) / line.length)),
    );
    await upload(page, big, huge);
    // The empty file's message stays on the page until this answer arrives: sending 51 MB on a
    // busy 2-core runner takes longer than the default 5 s wait.
    await expect(page.getByTestId("form-error")).toHaveText("ファイルが大きすぎます（上限 50MB）", {
      timeout: 60_000,
    });

    // Only the USD file became a batch, refused ("failed"), without rows.
    expect(await batchesNamed(db, usd)).toBe(1);
    for (const name of [broken, empty, big]) expect(await batchesNamed(db, name)).toBe(0);
    expect(await memberCredits(db, s.member.id)).toEqual({ rows: 0, sum: 0 });
  });

  test("@mobile the member's cashback page fits a phone, chart and table included", async ({
    page,
    context,
    db,
  }) => {
    const s = await setup(db);
    const d = days();
    const adminId = await anAdminId(db);
    await creditReport(db, adminId, {
      fileName: `phone-${s.tag}.csv`,
      lines: [
        "trade_date,broker,account,lots,amount,currency,row_key",
        `${d.today},${s.brokerCode},${s.approved},1,123456,JPY,p1`,
        `${d.lastMonthDay},${s.brokerCode},${s.approved},1,98765,JPY,p2`,
      ],
    });
    // Only the member's session from here on, not the admin's.
    await context.clearCookies();
    await signInUser(context, db, s.member.id);

    for (const path of ["/users", "/users/cashback"]) {
      await visit(page, path);
      // The dashboard draws plain bars (a month without cashback has none); the cashback page
      // the full chart.
      const chart =
        path === "/users" ? '[data-testid="report-monthly-chart"]' : "svg.recharts-surface";
      await expect(page.locator(chart).first()).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} scrolls sideways`).toBeLessThanOrEqual(375);
    }
    await expect(page.locator(`[data-month="${d.thisMonth}"]`)).toContainText("¥123,456");
    await expect(page.getByTestId("summary-all")).toHaveText("¥222,221");
  });
});
