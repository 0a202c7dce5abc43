import type { Db } from "../../db";
import { newId } from "../../db/id";
import { nowDb } from "../../db/time";
import { ensureWallet, HOUSE, inTransaction, memberWallet, post } from "../../server/ledger";
import { createAccount, createBroker, setAccountType } from "../helpers/cashback";
import { expect, insertUser, test, visit } from "./fixtures";

/**
 * A rate change announced after the fact, in the browser (decision 085): the admin dates it
 * back on the broker's form, the rate screen shows the credited rows it touches with the yen
 * before and after per member, the admin draws up the adjustment batch, records a decision for
 * a debit the member's balance cannot cover, and applies it once.
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

test("an admin dates a rate change back, reviews the adjustment batch and applies it once", async ({
  page,
  db,
  login,
  problems,
}) => {
  problems.allow(
    /\/admin\/account\/brokers\/[0-9A-Z]{26}(\/adjustments(\/[0-9A-Z]{26})?)?\?_data=/i,
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
  await expect(page.getByTestId("broker-saved")).toBeVisible();

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

  // The loser holds ¥50: the debit is held until a decision, never taken below zero.
  await page.getByRole("button", { name: "調整バッチを適用" }).click();
  await expect(page.getByTestId("adjustment-applied")).toContainText("加算 ¥120");
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
  await page.getByRole("button", { name: "調整バッチを適用" }).click();
  await expect(lose.getByTestId("member-status")).toHaveAttribute("data-status", "partial");
  await expect(page.getByRole("button", { name: "調整バッチを適用" })).toHaveCount(0);

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
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
