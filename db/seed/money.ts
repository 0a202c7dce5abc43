import { getRequester, saveRequester } from "../../server/features/wallet/bank-transfers";
import type { Db } from "../index";
import { createBattle, settleBattle } from "../../server/features/battles/service";
import { drawGacha } from "../../server/features/gachas/draw";
import { createMarathon, setActive, adminList } from "../../server/features/marathon/service";
import { createPresent } from "../../server/features/wallet/presents";
import {
  cancelWithdrawal,
  completeWithdrawal,
  rejectWithdrawal,
  requestWithdrawal,
} from "../../server/features/wallet/service";
import {
  approveTransfer,
  denyTransfer,
  requestTransfer,
} from "../../server/features/wallet/transfers";
import { createLogger } from "../../server/logger";
import { tokyoMonthBounds } from "../../server/domain/tokyo";
import { nowDb } from "../time";
import { existingId } from "./support";

/**
 * The demo members' money story, every yen through the same services the pages and the admin
 * use (so the ledger, the statement and each history agree): presents, a settled battle prize,
 * gacha plays, transfers and withdrawals in every state. Runs once: the first seeded present's
 * request key marks it done.
 */

const DONE_KEY = "seed-present-welcome";
export const SEED_MARATHON_TITLE = "デモ キャッシュバックマラソン";

/** Bank, e-wallet and USDT details, as the member would register them on /users/mypage. */
async function paymentDetails(db: Db, userId: string, holder: string) {
  const existing = await db.kysely
    .selectFrom("payment_details")
    .select("user_id")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (existing) return;
  const now = nowDb();
  await db.kysely
    .insertInto("payment_details")
    .values({
      user_id: userId,
      bank_name: "みずほ銀行",
      bank_code: "0001",
      branch_name: "東京営業部",
      branch_number: "001",
      account_type: "savings",
      bank_account_number: "1234567",
      account_holder: holder,
      usdt_address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
      usdt_network: "TRC20",
      exness_email: null,
      peska_email: null,
      bitwallet_email: "bitwallet@example.com",
      paypay_id: "demo_paypay",
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/**
 * An active marathon the demo import crosses (its rewards are paid by the import itself), stopped
 * right after: an active seeded marathon would also reward every later import in the e2e suite.
 */
export async function startDemoMarathon(db: Db, adminId: string): Promise<string | undefined> {
  if (await existingId(db, "cb_marathons", { title: SEED_MARATHON_TITLE })) return undefined;
  const first = (await adminList(db)).nextNumber;
  const { id } = await createMarathon(db, adminId, {
    course: "general",
    title: SEED_MARATHON_TITLE,
    startsOn: "2020-01-01",
    goals: [
      { marathonNumber: first, threshold: 5_000, reward: 500, modalText: "5,000円達成！" },
      { marathonNumber: first + 1, threshold: 20_000, reward: 1_000, modalText: "20,000円達成！" },
    ],
  });
  return id;
}

export async function stopDemoMarathon(db: Db, adminId: string, id: string | undefined) {
  if (id) await setActive(db, adminId, id, false);
}

/** Last Tokyo month's battle, settled: its prizes go to the members ranked by the demo cashback. */
async function settledBattle(db: Db, adminId: string) {
  const lastMonth = new Date();
  lastMonth.setUTCDate(1);
  lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
  const { first, last, year, month } = tokyoMonthBounds(lastMonth);
  const title = `${year}年${month}月 キャッシュバックバトル`;
  if (await existingId(db, "ranking_battles", { title })) return;
  const { id } = await createBattle(db, adminId, {
    title,
    startsOn: first,
    endsOn: last,
    prizes: [30_000, 20_000, 10_000].map((amount, i) => ({ rank: i + 1, amount })),
  });
  await settleBattle(db, adminId, id);
}

/** A fixed sequence of picks, so every seeded database shows the same gacha results. */
function fixedPicks(): (total: number) => number {
  const picks = [0, 5, 70, 30];
  let i = 0;
  return (total) => picks[i++ % picks.length]! % total;
}

export interface MoneyPeople {
  adminId: string;
  memberId: string;
  friendId: string;
  friendEmail: string;
  richId: string;
}

export async function seedMoney(db: Db, p: MoneyPeople) {
  if (await existingId(db, "presents", { request_key: DONE_KEY })) return;
  const deps = { db, log: createLogger({ level: "silent" }) };
  await settledBattle(db, p.adminId);

  const present = (member: string, amount: number, reason: string, requestKey: string) =>
    createPresent(deps, p.adminId, { member, amount, reason, requestKey });
  await present(p.memberId, 3_000, "新規登録ボーナス", DONE_KEY);
  await present(p.memberId, 5_000, "キャンペーン当選", "seed-present-campaign");
  // Eight figures: the phone check's member (money must fit on a 375 px card).
  await present(p.richId, 98_765_432, "VIP ボーナス", "seed-present-rich");

  const gacha = await db.kysely
    .selectFrom("gachas")
    .select("id")
    .where("published", "=", 1)
    .where("method", "=", "weighted")
    .orderBy("starts_at")
    .executeTakeFirst();
  if (gacha) {
    const random = fixedPicks();
    for (const n of [1, 2, 3]) {
      await drawGacha(db, p.memberId, { gachaId: gacha.id, requestKey: `seed-gacha-${n}` }, random);
    }
    for (const n of [1, 2]) {
      await drawGacha(
        db,
        p.richId,
        { gachaId: gacha.id, requestKey: `seed-gacha-rich-${n}` },
        random,
      );
    }
  }

  const transfer = (amount: number, message: string, requestKey: string) =>
    requestTransfer(deps, p.memberId, { email: p.friendEmail, amount, message, requestKey });
  await approveTransfer(deps, p.adminId, (await transfer(2_000, "ランチ代", "seed-transfer-1")).id);
  const denied = await transfer(1_500, "テスト送金", "seed-transfer-2");
  await denyTransfer(deps, p.adminId, denied.id, "送金先の確認が取れませんでした");
  await transfer(1_000, "お礼です", "seed-transfer-3");
  await requestTransfer(deps, p.richId, {
    email: p.friendEmail,
    amount: 50_000,
    message: "いつもありがとう",
    requestKey: "seed-transfer-rich",
  });

  await paymentDetails(db, p.memberId, "ヤマダ タロウ");
  await paymentDetails(db, p.richId, "スズキ ケン");
  const withdraw = (userId: string, method: "bank" | "paypay", amount: number, key: string) =>
    requestWithdrawal(deps, userId, { method, amount, requestKey: key });
  await completeWithdrawal(
    deps,
    p.adminId,
    (await withdraw(p.memberId, "bank", 10_000, "seed-withdraw-1")).id,
  );
  const rejected = await withdraw(p.memberId, "paypay", 3_000, "seed-withdraw-2");
  await rejectWithdrawal(deps, p.adminId, rejected.id, "PayPay ID が見つかりませんでした");
  const cancelled = await withdraw(p.memberId, "bank", 2_000, "seed-withdraw-3");
  await cancelWithdrawal(deps, p.memberId, cancelled.id);
  await withdraw(p.memberId, "bank", 5_000, "seed-withdraw-4");
  await withdraw(p.richId, "bank", 54_322, "seed-withdraw-rich");
}

/**
 * The demo company's Zengin requester data, so the admin's withdrawal list offers the transfer
 * file for the demo's pending bank withdrawals at once. Kept when an admin has set their own.
 */
export async function seedZenginRequester(db: Db, adminId: string) {
  if (await getRequester(db.kysely)) return;
  await saveRequester(db, adminId, {
    requesterCode: "1234567890",
    requesterName: "カ)キャッシュバックポータル",
    bankCode: "0005",
    bankName: "ミツビシユーエフジェイ",
    branchCode: "001",
    branchName: "ホンテン",
    accountType: "current",
    accountNumber: "7654321",
    leadBusinessDays: 1,
  });
}
