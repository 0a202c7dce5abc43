import { nowDb } from "#db/time";
import { creditReport, createAccount, createBroker, setAccountType } from "../helpers/cashback";
import { anAdminId } from "../helpers/money";
import { DEMO_FINANCE } from "#tools/seed";
import { atEachSize, languageCookie, SHOT_LANGUAGES, shooterFor } from "./shots";
import {
  expect,
  forgetLanguage,
  signInByEmail,
  signInUser,
  test,
  visit,
  insertUser,
} from "./fixtures";
import { marginData } from "./margin-kit";
import { type Db } from "#db";
import { newId } from "#db/id";
import { ensureWallet, HOUSE, inTransaction, memberWallet, post } from "#server/ledger";
import { type Page } from "@playwright/test";
import { profileFields } from "#domain/import-profile";
import { saveProfile } from "#server/features/cashback/profiles";
import { batchesNamed, days, expectJobDone, memberCredits, setup, upload } from "./cashback-kit";
import { EXNESS_COLUMNS, exnessProfileForm } from "../helpers/import-profiles";

/**
 * The cashback journey in the browser: an admin uploads a broker report through the data
 * update form, reads the preview (matched, unmatched, duplicate and error rows with their
 * line numbers and reasons), commits it and re-runs it after an approval; the member then sees
 * exactly that cashback on the dashboard, in the history (and its CSV) and in the monthly
 * chart and table, to the yen. Refused files (USD rows without a rate, wrong columns, an empty
 * file, a file over 50 MB) show their message and credit nothing.
 *
 * Each step makes its own broker, member and accounts, so the figures are its own. The steps
 * are one journey per project (the admin's screens on a desktop, then what differs on a phone),
 * in the order a person meets them.
 *
 * The operator's margin in the browser: the cashback section's tab, a broker's months to the
 * yen (a dollar commission converted, an affiliate reward subtracted), the totals, the chart,
 * the CSV of the same rows, a broker whose reports carry no commission shown as unknown (not
 * as a margin of zero), and the admin home's link to it.
 *
 * A rate change announced after the fact, in the browser (decision 085): the admin dates it
 * back on the broker's form, the rate screen shows the credited rows it touches with the yen
 * before and after per member, the admin draws up the adjustment batch and applies it, which
 * only records the first decision; the finance admin approves it (applied once), records a
 * decision for a debit the member's balance cannot cover, and settles it.
 */

test.use({ viewport: { width: 375, height: 800 } });

/** The 1st and the 10th of last month (Tokyo). */
function lastMonth() {
  const today = new Date(Date.now() + 9 * 3_600_000);
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const day = (d: number) => new Date(first.getTime() + (d - 1) * 86_400_000).toISOString();
  return { first: day(1).slice(0, 10), tenth: day(10).slice(0, 10) };
}

/**
 * A credited cashback row as the import leaves it: the ledger's credit from the house and the
 * history row with the rate it was priced at; `spent` of it then paid out of the wallet.
 */
async function credited(
  db: Db,
  row: { userId: string; brokerId: string; accountId: string; batchId: string; tradeDate: string },
  price: { type: string; yenX100: number; lotsMilli: number; spent: number },
) {
  const amount = Math.floor((price.lotsMilli * price.yenX100) / 100_000);
  await inTransaction(db, async (trx) => {
    await ensureWallet(trx, db, row.userId);
    const { txId } = await post(trx, db, {
      key: `e2e-cashback:${newId()}`,
      kind: "cashback",
      refType: "import_batch",
      refId: row.batchId,
      postings: [
        { walletId: HOUSE, bucket: "available", amount: -amount },
        { walletId: memberWallet(row.userId), bucket: "available", amount },
      ],
    });
    await trx
      .insertInto("cashbacks")
      .values({
        id: newId(),
        source_key: `e2e:${newId()}`,
        user_id: row.userId,
        broker_account_id: row.accountId,
        broker_id: row.brokerId,
        trade_date: row.tradeDate,
        lots_milli: price.lotsMilli,
        amount,
        batch_id: row.batchId,
        ledger_tx_id: txId,
        created_at: nowDb(),
        rate_type: price.type,
        rate_kind: "jpy_per_lot",
        rate_x100: price.yenX100,
        rate_from: "2000-01-01",
        rate_source: "account_type",
        priced: 1,
        commission_yen: null,
      })
      .execute();
    if (price.spent > 0)
      await post(trx, db, {
        key: `e2e-spent:${newId()}`,
        kind: "gacha_cost",
        refType: "gacha_log",
        refId: newId(),
        postings: [
          { walletId: memberWallet(row.userId), bucket: "available", amount: -price.spent },
          { walletId: HOUSE, bucket: "available", amount: price.spent },
        ],
      });
  });
}

async function brokerWithCredits(db: Db) {
  const tag = newId().slice(-6).toLowerCase();
  const brokerId = await createBroker(db, `ra${tag}`, `Adjust ${tag.toUpperCase()}`);
  await db.kysely
    .insertInto("broker_rate_versions")
    .values({
      broker_id: brokerId,
      effective_from: "2000-01-01",
      created_by: null,
      created_at: nowDb(),
    })
    .execute();
  await db.kysely
    .insertInto("broker_rates")
    .values(
      (
        [
          ["Standard", 64_000],
          ["Micro", 10_000],
        ] as const
      ).map(([type, value], i) => ({
        id: newId(),
        broker_id: brokerId,
        account_type: type,
        kind: "jpy_per_lot",
        value_x100: value,
        display_order: i,
        effective_from: "2000-01-01",
      })),
    )
    .execute();
  const batchId = newId();
  await db.kysely
    .insertInto("import_batches")
    .values({
      id: batchId,
      file_name: `e2e-${tag}.csv`,
      file_sha256: newId(),
      status: "committed",
      rows_total: 2,
      rows_matched: 2,
      rows_unmatched: 0,
      rows_duplicate: 0,
      rows_error: 0,
      created_at: nowDb(),
    })
    .execute();
  const { tenth } = lastMonth();
  const gainer = await insertUser(db, { emailPrefix: "ra", nickname: `gain${tag}` });
  const loser = await insertUser(db, { emailPrefix: "ra", nickname: `lose${tag}` });
  const standard = await createAccount(db, gainer.id, brokerId, `7${tag.replace(/\D/g, "1")}01`);
  const micro = await createAccount(db, loser.id, brokerId, `7${tag.replace(/\D/g, "1")}02`);
  await setAccountType(db, standard, "Standard");
  await setAccountType(db, micro, "Micro");
  const at = { brokerId, batchId, tradeDate: tenth };
  // 2 lots at ¥640 = ¥1,280; 3 lots at ¥100 = ¥300, of which ¥250 was spent since.
  await credited(
    db,
    { ...at, userId: gainer.id, accountId: standard },
    {
      type: "Standard",
      yenX100: 64_000,
      lotsMilli: 2_000,
      spent: 0,
    },
  );
  await credited(
    db,
    { ...at, userId: loser.id, accountId: micro },
    {
      type: "Micro",
      yenX100: 10_000,
      lotsMilli: 3_000,
      spent: 250,
    },
  );
  return { brokerId, gainer, loser };
}

/**
 * Import profiles in the browser (decision 046): an admin creates a profile for a broker's own
 * report under the data update's Profiles tab, tries it on a sample (a refused sample names the
 * line, the column and the value, with focus on it), saves it, uploads a report its header
 * matches and reads the mapping applied on the batch page; a header that fits two profiles
 * asks which one, offering exactly those; the profile is edited and deleted.
 *
 * Each step names its columns after its own tag, so profiles left by other runs never match.
 */

const sample = (name: string, text: string) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(text),
});

/** The broker's report: semicolons, day-first dates, units, decimal commas. */
function report(tag: string, account: string, rows: string[]) {
  return [`Ticket-${tag};Login;Symbol;Close time;Volume;Commission`, ...rows]
    .map((r) => r.replaceAll("ACC", account))
    .join("\r\n");
}

async function fillProfile(page: Page, tag: string, brokerName: string) {
  await page.getByLabel("プロファイル名").fill(`Exness ${tag}`);
  await page.getByLabel("ブローカー", { exact: true }).selectOption({ label: brokerName });
  await page.getByLabel("区切り文字").selectOption(";");
  await page.getByLabel("口座番号の列").fill("Login");
  await page.getByLabel("取引日の列").fill("Close time");
  await page.getByLabel("取引量の列").fill("Volume");
  await page.getByLabel("IB報酬の列").fill("Commission");
  await page.getByLabel("銘柄の列（任意）").fill("Symbol");
  await page.getByLabel("行キーの列（任意）").fill(`Ticket-${tag}`);
  await page.getByLabel("日付の形式").fill("dd/MM/yyyy HH:mm");
  await page.getByLabel("1ロットあたりの単位数").fill("100000");
  await page.getByLabel("小数点がカンマ（12,50）").check();
  await page.getByLabel("報酬の通貨").selectOption("USD");
}

test("cashback: import, margin, rate change, import profiles", async ({
  page,
  context,
  db,
  login,
  problems,
}) => {
  test.setTimeout(360_000);
  await test.step("an admin's report reaches the member's dashboard, history and monthly chart, to the yen", async () => {
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
  await test.step("refused files show their message and credit nothing", async () => {
    // The step before read the pages in English: this one reads them in Japanese again.
    await forgetLanguage(page);
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
  await test.step("per broker and month to the yen, with its CSV; no commission is said, not zero", async () => {
    const s = await marginData(db);
    await login("admin");

    // The cashback section's second tab.
    await visit(page, "/admin/cashback");
    await page.getByTestId("tab-cashback-margin").click();
    await expect(page).toHaveURL(/\/admin\/cashback\/margin$/);
    await expect(page.getByRole("heading", { level: 1, name: "運営マージン" })).toBeVisible();
    await expect(page.getByTestId("tab-cashback-margin")).toHaveAttribute("aria-current", "page");

    // One broker: this month and last month, newest first.
    await page.getByTestId("filter-broker").selectOption({ label: s.withCommission.name });
    await page.getByTestId("filters-apply").click();
    await expect(page).toHaveURL(new RegExp(`broker=${s.withId}`));
    const rows = page.getByTestId("margin-table").getByTestId("margin-row");
    await expect(rows).toHaveCount(2);
    const thisMonth = rows.nth(0);
    await expect(thisMonth).toHaveAttribute("data-month", s.d.thisMonth);
    for (const text of ["¥8,367", "¥4,012", "¥200", "¥4,155", "49.7%"])
      await expect(thisMonth).toContainText(text);
    const lastMonth = rows.nth(1);
    await expect(lastMonth).toHaveAttribute("data-month", s.d.lastMonth);
    for (const text of ["¥3,000", "¥1,000", "¥100", "¥1,900", "63.3%"])
      await expect(lastMonth).toContainText(text);
    await expect(page.getByTestId("margin-total-commission")).toHaveText("¥11,367");
    await expect(page.getByTestId("margin-total-margin")).toHaveText("¥6,055");
    await expect(page.getByTestId("margin-total-percent")).toHaveText("53.3%");
    await expect(page.getByTestId("margin-excluded")).toHaveCount(0);
    // Twelve months of bars, this month's written over it.
    const chart = page.getByTestId("margin-chart");
    await expect(chart.getByTestId("mini-bar")).toHaveCount(12);
    await expect(chart.getByTestId("mini-bar-value").last()).toHaveText("¥4,155");

    // The CSV: the same rows and figures, whole yen, the percentage as a number.
    const href = (await page.getByTestId("table-export").getAttribute("href"))!;
    expect(href).toContain(`broker=${s.withId}`);
    const csv = await page.request.get(href);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "月,ブローカーID,ブローカー,件数,IB報酬の記録なし（件）,IB報酬の記録,IB報酬（円）,会員キャッシュバック（円）,アフィリエイト報酬（円）,マージン（円）,マージン率（%）",
    );
    expect(lines.slice(1)).toEqual([
      `${s.d.thisMonth},${s.withId},${s.withCommission.name},3,0,すべて,8367,4012,200,4155,49.7`,
      `${s.d.lastMonth},${s.withId},${s.withCommission.name},1,0,すべて,3000,1000,100,1900,63.3`,
    ]);

    // A broker whose report has no commission: its margin is unknown, and says why.
    await page.getByTestId("filter-broker").selectOption({ label: s.without.name });
    await page.getByTestId("filters-apply").click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId("margin-value")).toHaveText("—");
    await expect(rows.first().getByTestId("margin-commission-note")).toHaveText(
      "IB報酬の記録なし（1件）",
    );
    await expect(page.getByTestId("margin-total-margin")).toHaveText("—");
    await expect(page.getByTestId("margin-excluded")).toContainText("1件");
    const unknown = await page.request.get(
      (await page.getByTestId("table-export").getAttribute("href"))!,
    );
    expect((await unknown.text()).trim().split("\r\n")[1]).toBe(
      `${s.d.thisMonth},${s.withoutId},${s.without.name},1,1,なし,,800,0,,`,
    );
  });
  await test.step("the admin home shows this month's margin beside the work queue, linking to the page", async () => {
    await marginData(db);
    await login("admin");
    await visit(page, "/admin");
    const card = page.getByTestId("home-margin");
    await expect(card).toHaveAttribute("href", "/admin/cashback/margin");
    // Other specs credit cashback meanwhile: the figure is a margin in yen or "—", with its %.
    await expect(card).toContainText(/¥[\d,]+|—/);
    await expect(page.getByTestId("home-margin-percent")).toHaveText(
      /マージン率 (-?\d+\.\d%|—)|IB報酬の記録がありません/,
    );
    await card.click();
    await expect(page.getByRole("heading", { level: 1, name: "運営マージン" })).toBeVisible();
  });
  await test.step("an admin dates a rate change back, reviews the adjustment batch and applies it; a second admin approves it", async () => {
    problems.allow(
      /\/admin\/account\/brokers\/[0-9A-Z]{26}(\/adjustments(\/[0-9A-Z]{26})?)?(\.data|\?_data=)/i,
    );
    await login("admin");
    const { brokerId, gainer, loser } = await brokerWithCredits(db);
    const { first } = lastMonth();

    // From the 1st of last month Standard pays ¥700 a lot and Micro ¥50: a past day is taken.
    await visit(page, `/admin/account/brokers/${brokerId}`);
    const form = page.getByTestId("broker-form");
    const rows = form.getByTestId("rate-row");
    await rows.nth(0).getByLabel("レート", { exact: true }).fill("700");
    await rows.nth(1).getByLabel("レート", { exact: true }).fill("50");
    await form.getByLabel("レートの適用開始日").fill(first);
    await form.getByRole("button", { name: "保存する" }).click();
    // The change waits for a second admin, who approves it on the same page.
    await expect(page.getByTestId("rate-change-waiting")).toBeVisible();
    await login("admin");
    await page.reload();
    await page.getByTestId("rate-changes").getByTestId("approve-second").click();
    await expect(page.getByTestId("rate-change-decided")).toBeVisible();

    await visit(page, `/admin/account/brokers/${brokerId}`);
    await page.getByTestId("adjustments-link").click();
    await expect(page).toHaveURL(new RegExp(`/admin/account/brokers/${brokerId}/adjustments`));
    const impact = page.getByTestId("rate-impact");
    await expect(impact.getByTestId("impact-credited")).toHaveText("2");
    await expect(impact.getByTestId("impact-oldYen")).toHaveText("¥1,580");
    // 2 × ¥700 = ¥1,400 and 3 × ¥50 = ¥150
    await expect(impact.getByTestId("impact-newYen")).toHaveText("¥1,550");
    await expect(impact.getByTestId("impact-difference")).toHaveText("-¥30");
    await page.getByRole("button", { name: "調整バッチを作成" }).click();

    await expect(page.getByTestId("adjustment-credit")).toHaveText("¥120");
    await expect(page.getByTestId("adjustment-debit")).toHaveText("¥150");
    const lines = page.getByTestId("member-line");
    const gain = lines.filter({ hasText: gainer.nickname });
    const lose = lines.filter({ hasText: loser.nickname });
    await expect(gain.getByTestId("member-difference")).toHaveText("+¥120");
    await expect(lose.getByTestId("member-difference")).toHaveText("-¥150");

    // The maker's apply is the first decision: the batch waits and nothing moves.
    await page.getByRole("button", { name: "調整バッチを適用" }).click();
    await expect(page.getByTestId("adjustment-waiting")).toBeVisible();
    await expect(page.getByTestId("adjustment-status")).toHaveText("二次承認待ち");
    await expect(page.getByTestId("awaiting-other")).toBeVisible();
    await expect(page.getByTestId("approve-second")).toHaveCount(0);
    await expect(gain.getByTestId("member-status")).toHaveAttribute("data-status", "pending");
    const batchUrl = page.url();

    // The finance admin sees who applied it and approves it: applied once.
    // The loser holds ¥50: the debit is held until a decision, never taken below zero.
    await signInByEmail(context, db, DEMO_FINANCE.email);
    await visit(page, batchUrl);
    await expect(page.getByTestId("first-approver")).toContainText("E2E Admin");
    await expect(page.getByLabel("差し戻しの理由")).toHaveAttribute("autocomplete", "off");
    // The waiting batch as the second admin sees it, at both widths and in both languages.
    const shoot = shooterFor("test-results/screenshots");
    for (const lng of SHOT_LANGUAGES) {
      // The browser keeps the choice too: both say the language of the shot.
      await languageCookie(context, lng);
      await page.evaluate((l) => localStorage.setItem("language", l), lng);
      await atEachSize(page, async (size, viewport) => {
        await visit(page, batchUrl);
        await expect(page.getByTestId("approve-second")).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await shoot(page, `adjustment-checking-${size}-${lng}`);
      });
    }
    await languageCookie(context, "ja");
    await page.evaluate(() => localStorage.setItem("language", "ja"));
    await page.setViewportSize({ width: 375, height: 800 });
    await visit(page, batchUrl);
    await page.getByTestId("approve-second").click();
    await expect(page.getByTestId("adjustment-applied")).toContainText("加算 ¥120");
    await expect(page.getByTestId("adjustment-status")).toHaveText("適用済み");
    await expect(gain.getByTestId("member-status")).toHaveAttribute("data-status", "applied");
    await expect(lose.getByTestId("member-status")).toHaveAttribute("data-status", "held");

    // A decision needs its reason; refused, the reason is said beside the field.
    const decide = lose.getByTestId("decide-form");
    await decide.getByLabel("判断").selectOption("debit_available");
    await decide.getByRole("button", { name: "判断を記録" }).click();
    await expect(decide.getByTestId("error-reason")).toBeVisible();
    await decide.getByLabel("理由（監査ログに残ります）").fill("Spent; take the ¥50 left");
    await decide.getByRole("button", { name: "判断を記録" }).click();
    await expect(lose.getByText("Spent; take the ¥50 left")).toBeVisible();
    // ¥150 is below the present threshold: the admin who decided settles it.
    await page.getByRole("button", { name: "保留中の会員を反映" }).click();
    await expect(lose.getByTestId("member-status")).toHaveAttribute("data-status", "partial");
    await expect(page.getByRole("button", { name: "保留中の会員を反映" })).toHaveCount(0);

    const wallets = await db.kysely
      .selectFrom("wallets")
      .select(["id", "balance"])
      .where("id", "in", [gainer.id, loser.id])
      .execute();
    expect(Object.fromEntries(wallets.map((w) => [w.id, Number(w.balance)]))).toEqual({
      [gainer.id]: 1_280 + 120,
      [loser.id]: 0,
    });
    // Nothing is cut off on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
  await test.step("create, preview a sample, upload with it, see the mapping, choose between two, edit, delete", async () => {
    // Refused saves, previews and uploads answer 400 on purpose.
    problems.allow(/\/admin\/update(\/profiles\/new)?(\.data|\?(index=&)?_data=)/);
    const s = await setup(db);
    const admin = await login("admin");
    const tag = s.tag;
    const good = report(tag, s.approved, [
      "9001;ACC;EURUSD;05/11/2026 10:30;50000;1,25",
      "9002;ACC;USDJPY;06/11/2026 23:59;150000;3,75",
    ]);

    // ------------------------------------------------------------ the tab and a new profile
    await visit(page, "/admin/update");
    await page.getByTestId("tab-profiles").click();
    await expect(page).toHaveURL(/\/admin\/update\/profiles$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("データ更新");
    await expect(page).toHaveTitle(/^取込プロファイル \| データ更新 \| /);
    await expect(page.getByTestId("tab-profiles")).toHaveAttribute("aria-current", "page");
    await page.getByTestId("profile-new").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("取込プロファイルの新規作成");

    // A refused save: the summary takes focus and names the field.
    await page.getByRole("button", { name: "プロファイルを作成" }).click();
    await expect(page.getByTestId("form-error")).toBeFocused();
    await expect(page.getByTestId("error-columns.account")).toHaveText("口座番号の列は必須です");

    await fillProfile(page, tag, s.brokerName);

    // A preview without a sample asks for one.
    await page.getByTestId("profile-preview").click();
    await expect(page.getByTestId("error-sample")).toContainText("サンプルファイル");
    await expect(page.getByTestId("form-error")).toBeFocused();

    // A sample whose third line has a date that does not exist: refused with line, column
    // and value, in view and focused.
    await page
      .getByLabel("サンプルファイル（CSV、2MBまで）")
      .setInputFiles(
        sample(
          "bad.csv",
          report(tag, s.approved, [
            "9001;ACC;EURUSD;05/11/2026 10:30;50000;1,25",
            "9002;ACC;USDJPY;31/02/2026 10:00;150000;3,75",
          ]),
        ),
      );
    await page.getByTestId("profile-preview").click();
    await expect(page.getByTestId("sample-refusal")).toContainText(
      "3 行目の「Close time」の値「31/02/2026 10:00」は日付として読めません。形式 dd/MM/yyyy HH:mm（例: 29/11/2026 21:30）で書かれている必要があります",
    );
    await expect(page.getByTestId("sample-answer")).toBeFocused();
    await expect(page.getByTestId("sample-answer")).toBeInViewport();

    // The good sample: the rows as they will be read (units to lots, decimal commas).
    await page
      .getByLabel("サンプルファイル（CSV、2MBまで）")
      .setInputFiles(sample("good.csv", good));
    await page.getByTestId("profile-preview").click();
    const rows = page.getByTestId("sample-rows").locator("tbody tr");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(
      [2, s.approved, "2026-11-05", "0.5", "1.25", "USD", "EURUSD", "9001"].join(""),
    );
    await expect(rows.nth(1)).toContainText("2026-11-06");
    await expect(rows.nth(1)).toContainText("1.5");
    await expect(page.getByTestId("sample-answer")).toBeFocused();
    // The values stayed as typed through the previews.
    await expect(page.getByLabel("日付の形式")).toHaveValue("dd/MM/yyyy HH:mm");

    await page.getByRole("button", { name: "プロファイルを作成" }).click();
    await expect(page).toHaveURL(/\/admin\/update\/profiles\?saved=/);
    await expect(page.getByTestId("profile-saved")).toContainText(`Exness ${tag}`);
    await expect(
      page.getByTestId("profile-row").filter({ hasText: `Exness ${tag}` }),
    ).toContainText("dd/MM/yyyy HH:mm");

    // ------------------------------------------------------------ upload: the header matches
    await visit(page, "/admin/update");
    await expect(page.getByLabel("取込プロファイル", { exact: true })).toHaveValue("");
    await page
      .getByLabel("レポートファイル（CSV）")
      .setInputFiles(sample(`exness-${tag}.csv`, good));
    await page.getByLabel("USDレート（1 USD = 円）").fill("150");
    await page.getByRole("button", { name: "プレビューする" }).click();
    await expect(page).toHaveURL(/\/admin\/update\/[^/?]+$/);
    await expect(page.getByTestId("job-done")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("count-total")).toHaveText("2");
    const mapping = page.getByTestId("batch-mapping");
    await expect(mapping.getByTestId("mapping-profile")).toHaveText(`Exness ${tag}`);
    await expect(mapping).toContainText("セミコロン（;）");
    await expect(mapping.getByTestId("mapping-columns")).toContainText("口座番号 ← Login");
    await expect(mapping.getByTestId("mapping-columns")).toContainText(`行キー ← Ticket-${tag}`);
    await expect(mapping.getByTestId("mapping-date-format")).toHaveText("dd/MM/yyyy HH:mm");
    await expect(mapping.getByTestId("mapping-divisor")).toHaveText("100,000");

    // ------------------------------------------------------------ two profiles fit: choose
    const other = profileFields.parse(
      exnessProfileForm(s.brokerId, {
        name: `Exness copy ${tag}`,
        columns: { ...EXNESS_COLUMNS, symbol: "", rowKey: `Ticket-${tag}` },
      }),
    );
    await saveProfile(db, admin.id, other);
    await visit(page, "/admin/update");
    await page
      .getByLabel("レポートファイル（CSV）")
      .setInputFiles(sample(`exness2-${tag}.csv`, good));
    await page.getByLabel("USDレート（1 USD = 円）").fill("150");
    await page.getByRole("button", { name: "プレビューする" }).click();
    const summary = page.getByTestId("form-error");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("使うプロファイルを選んでください");
    const candidates = page.getByTestId("profile-candidates").getByRole("radio");
    // Exactly the two that fit, by name.
    await expect(candidates).toHaveCount(2);
    await expect(page.getByTestId("profile-candidates")).toContainText(`Exness copy ${tag}`);
    await page.getByTestId("profile-candidates").getByLabel(`Exness copy ${tag}`).check();
    // The file stays chosen: the same form is sent again.
    await page.getByRole("button", { name: "プレビューする" }).click();
    await expect(page).toHaveURL(/\/admin\/update\/[^/?]+$/);
    await expect(page.getByTestId("mapping-profile")).toHaveText(`Exness copy ${tag}`);

    // ------------------------------------------------------------ the built-in shape, named
    await visit(page, "/admin/update");
    await page.getByLabel("取込プロファイル", { exact: true }).selectOption("builtin");
    await page
      .getByLabel("レポートファイル（CSV）")
      .setInputFiles(
        sample(
          `builtin-${tag}.csv`,
          `trade_date,broker,account,lots,amount,currency\n2026-11-05,${s.brokerCode},${s.approved},1,500,JPY\n`,
        ),
      );
    await page.getByRole("button", { name: "プレビューする" }).click();
    await expect(page).toHaveURL(/\/admin\/update\/[^/?]+$/);
    await expect(page.getByTestId("mapping-builtin")).toContainText("標準形式（金額入り）");

    // ------------------------------------------------------------ edit
    await visit(page, "/admin/update/profiles");
    await page.getByRole("link", { name: `Exness ${tag}`, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `取込プロファイルの編集：Exness ${tag}`,
    );
    await expect(page).toHaveTitle(new RegExp(`^取込プロファイルの編集：Exness ${tag} \\| `));
    await expect(page.getByLabel("区切り文字")).toHaveValue(";");
    await expect(page.getByLabel("小数点がカンマ（12,50）")).toBeChecked();
    await page.getByLabel("プロファイル名").fill(`Exness renamed ${tag}`);
    // Enter in a field saves (the preview button is not the form's first).
    await page.getByLabel("プロファイル名").press("Enter");
    await expect(page.getByTestId("profile-saved")).toContainText(`Exness renamed ${tag}`);
    await expect(page.getByRole("link", { name: `Exness renamed ${tag}` })).toBeVisible();

    // ------------------------------------------------------------ delete, confirmed
    await page.getByRole("link", { name: `Exness renamed ${tag}` }).click();
    await page.getByTestId("profile-remove").click();
    const dialog = page.getByTestId("profile-remove-dialog");
    await expect(dialog).toContainText(`「Exness renamed ${tag}」を削除します`);
    await expect(dialog.getByTestId("dialog-cancel")).toBeFocused();
    await dialog.getByRole("button", { name: "削除する" }).click();
    await expect(page).toHaveURL(/\/admin\/update\/profiles\?removed=/);
    await expect(page.getByTestId("profile-removed")).toContainText(`Exness renamed ${tag}`);
    await expect(page.getByRole("link", { name: `Exness renamed ${tag}` })).toHaveCount(0);
    // The batch read with it keeps the mapping it was read with.
    const batch = await db.kysely
      .selectFrom("import_batches")
      .select("id")
      .where("file_name", "=", `exness-${tag}.csv`)
      .executeTakeFirstOrThrow();
    await visit(page, `/admin/update/${batch.id}`);
    await expect(page.getByTestId("mapping-profile")).toHaveText(`Exness ${tag}`);
  });
});

test("cashback on a phone: the member's page, the profile editor and upload @mobile", async ({
  page,
  context,
  db,
  login,
}) => {
  test.setTimeout(120_000);
  await test.step("@mobile the member's cashback page fits a phone, chart and table included", async () => {
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
  await test.step("the editor and the upload fit a phone: no sideways scroll, 44 px targets @mobile", async () => {
    await login("admin");
    const s = await setup(db);
    for (const path of ["/admin/update", "/admin/update/profiles", "/admin/update/profiles/new"]) {
      await visit(page, path);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        path,
      ).toBeLessThanOrEqual(375);
    }
    await fillProfile(page, s.tag, s.brokerName);
    await page
      .getByLabel("サンプルファイル（CSV、2MBまで）")
      .setInputFiles(
        sample(
          "good.csv",
          report(s.tag, s.approved, ["9001;ACC;EURUSD;05/11/2026 10:30;50000;1,25"]),
        ),
      );
    await page.getByTestId("profile-preview").click();
    await expect(page.getByTestId("sample-rows")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    for (const target of [
      page.getByTestId("profile-preview"),
      page.getByRole("button", { name: "プロファイルを作成" }),
      page.getByLabel("報酬の通貨"),
      page.getByLabel("サンプルファイル（CSV、2MBまで）"),
    ]) {
      expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    }
  });
});
