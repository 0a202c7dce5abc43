import { getRequester, saveRequester } from "#server/features/wallet/bank-transfers";
import type { Requester } from "#server/features/wallet/zengin";
import type { Db } from "#db";
import { createBattle, settleBattle } from "#server/features/battles/service";
import { drawGacha } from "#server/features/gachas/draw";
import { createMarathon, setActive, adminList } from "#server/features/marathon/service";
import { approvePresent, createPresent } from "#server/features/wallet/presents";
import {
  cancelWithdrawal,
  completeWithdrawal,
  rejectWithdrawal,
  requestWithdrawal,
} from "#server/features/wallet/service";
import { approveTransfer, denyTransfer, requestTransfer } from "#server/features/wallet/transfers";
import { createLogger } from "#server/logger";
import { addTokyoMonths, tokyoMidnight, tokyoMonthBounds } from "#domain/tokyo";
import { atTime } from "#db/clock";
import { nowDb } from "#db/time";
import { addDays, existingId, tokyoMomentAgo, tokyoMomentAt } from "./support";

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
 * The Tokyo month `back` months before the seed run's: its first and last day.
 */
function monthBack(back: number) {
  return tokyoMonthBounds(addTokyoMonths(new Date(), -back));
}

/**
 * A marathon over two past months the demo import crosses (its rewards are paid by the import
 * itself, on the day the goal was reached), stopped right after: an active seeded marathon would
 * also reward every later import in the e2e suite. The member's marathon page shows it ended,
 * with the goals reached and their rewards.
 */
export async function startDemoMarathon(db: Db, adminId: string): Promise<string | undefined> {
  if (await existingId(db, "cb_marathons", { title: SEED_MARATHON_TITLE })) return undefined;
  const first = (await adminList(db)).nextNumber;
  const startsOn = monthBack(3).first;
  const { id } = await atTime(tokyoMidnight(addDays(startsOn, -7)), () =>
    createMarathon(db, adminId, {
      course: "general",
      title: SEED_MARATHON_TITLE,
      titleEn: "Demo cashback marathon",
      startsOn,
      endsOn: monthBack(2).last,
      goals: [
        {
          marathonNumber: first,
          threshold: 5_000,
          reward: 500,
          modalText: "5,000円達成！",
          modalTextEn: "¥5,000 reached!",
        },
        {
          marathonNumber: first + 1,
          threshold: 20_000,
          reward: 1_000,
          modalText: "20,000円達成！",
          modalTextEn: "¥20,000 reached!",
        },
      ],
    }),
  );
  return id;
}

export async function stopDemoMarathon(db: Db, adminId: string, id: string | undefined) {
  // Stopped by the admin the day after it ended.
  const end = monthBack(2).last;
  if (id)
    await atTime(tokyoMomentAt(addDays(end, 1), 10, 0), () => setActive(db, adminId, id, false));
}

/**
 * Last Tokyo month's battle, settled on the 2nd of this month: its prizes go to the members
 * ranked by the demo cashback.
 */
async function settledBattle(db: Db, adminId: string) {
  const { first, last, year, month } = monthBack(1);
  const title = `${year}年${month}月 キャッシュバックバトル`;
  if (await existingId(db, "ranking_battles", { title })) return;
  const { id } = await atTime(tokyoMomentAt(addDays(first, -3), 11, 0), () =>
    createBattle(db, adminId, {
      title,
      titleEn: `Cashback battle, ${year}-${String(month).padStart(2, "0")}`,
      startsOn: first,
      endsOn: last,
      prizes: [30_000, 20_000, 10_000].map((amount, i) => ({ rank: i + 1, amount })),
    }),
  );
  const settledAt = tokyoMomentAt(addDays(last, 2), 10, 5);
  const settle = settledAt.getTime() < Date.now() ? settledAt : new Date();
  await atTime(settle, () => settleBattle(db, adminId, id, settle));
}

/** A fixed sequence of picks, so every seeded database shows the same gacha results. */
function fixedPicks(): (total: number) => number {
  const picks = [0, 5, 70, 30];
  let i = 0;
  return (total) => picks[i++ % picks.length]! % total;
}

export interface MoneyPeople {
  adminId: string;
  /** The finance admin: gives the second approval of the owner's large present. */
  financeId: string;
  memberId: string;
  friendId: string;
  friendEmail: string;
  richId: string;
}

export async function seedMoney(db: Db, p: MoneyPeople) {
  if (await existingId(db, "presents", { request_key: DONE_KEY })) return;
  const deps = { db, log: createLogger({ level: "silent" }) };
  /** The moment a demo event happened: `days` days before today, at hour:minute in Tokyo. */
  const on =
    (days: number, hour: number, minute: number) =>
    <T>(work: () => Promise<T>) =>
      atTime(tokyoMomentAgo(days, hour, minute), work);
  await settledBattle(db, p.adminId);

  // One over the present threshold awaits a second admin: the finance admin approves it.
  const present = async (
    member: string,
    amount: number,
    [reason, reasonEn]: [string, string],
    requestKey: string,
  ) => {
    const made = await createPresent(deps, p.adminId, {
      member,
      amount,
      reason,
      reasonEn,
      requestKey,
    });
    if (made.status === "checking") await approvePresent(deps, p.financeId, made.id);
    return made;
  };
  await on(
    180,
    10,
    12,
  )(() => present(p.memberId, 3_000, ["新規登録ボーナス", "Sign-up bonus"], DONE_KEY));
  await on(
    128,
    15,
    47,
  )(() =>
    present(p.memberId, 5_000, ["キャンペーン当選", "Campaign prize"], "seed-present-campaign"),
  );
  // Eight figures: the phone check's member (money must fit on a 375 px card).
  await on(
    165,
    11,
    3,
  )(() => present(p.richId, 98_765_432, ["VIP ボーナス", "VIP bonus"], "seed-present-rich"));

  const gacha = await db.kysely
    .selectFrom("gachas")
    .select("id")
    .where("published", "=", 1)
    .where("method", "=", "weighted")
    .orderBy("starts_at")
    .executeTakeFirst();
  if (gacha) {
    const random = fixedPicks();
    const draw = (userId: string, requestKey: string) =>
      drawGacha(db, userId, { gachaId: gacha.id, requestKey }, random);
    await on(88, 21, 9)(() => draw(p.memberId, "seed-gacha-1"));
    await on(52, 12, 31)(() => draw(p.memberId, "seed-gacha-2"));
    await on(9, 23, 2)(() => draw(p.memberId, "seed-gacha-3"));
    await on(70, 8, 15)(() => draw(p.richId, "seed-gacha-rich-1"));
    await on(14, 19, 48)(() => draw(p.richId, "seed-gacha-rich-2"));
  }

  const transfer = (amount: number, message: string, requestKey: string) =>
    requestTransfer(deps, p.memberId, { email: p.friendEmail, amount, message, requestKey });
  const lunch = await on(140, 12, 58)(() => transfer(2_000, "ランチ代", "seed-transfer-1"));
  await on(139, 10, 20)(() => approveTransfer(deps, p.adminId, lunch.id));
  const denied = await on(101, 22, 16)(() => transfer(1_500, "テスト送金", "seed-transfer-2"));
  await on(
    99,
    14,
    2,
  )(() =>
    denyTransfer(
      deps,
      p.adminId,
      denied.id,
      "送金先の確認が取れませんでした",
      "We could not confirm the recipient.",
    ),
  );
  await on(2, 20, 37)(() => transfer(1_000, "お礼です", "seed-transfer-3"));
  await on(
    4,
    9,
    11,
  )(() =>
    requestTransfer(deps, p.richId, {
      email: p.friendEmail,
      amount: 50_000,
      message: "いつもありがとう",
      requestKey: "seed-transfer-rich",
    }),
  );

  await on(179, 21, 30)(() => paymentDetails(db, p.memberId, "ヤマダ タロウ"));
  await on(166, 18, 0)(() => paymentDetails(db, p.richId, "スズキ ケン"));
  const withdraw = (userId: string, method: "bank" | "paypay", amount: number, key: string) =>
    requestWithdrawal(deps, userId, { method, amount, requestKey: key });
  const paid = await on(118, 8, 41)(() => withdraw(p.memberId, "bank", 10_000, "seed-withdraw-1"));
  await on(117, 15, 0)(() => completeWithdrawal(deps, p.adminId, paid.id));
  const rejected = await on(
    74,
    23,
    55,
  )(() => withdraw(p.memberId, "paypay", 3_000, "seed-withdraw-2"));
  await on(
    73,
    11,
    26,
  )(() =>
    rejectWithdrawal(
      deps,
      p.adminId,
      rejected.id,
      "PayPay ID が見つかりませんでした",
      "We could not find your PayPay ID.",
    ),
  );
  const cancelled = await on(
    38,
    19,
    4,
  )(() => withdraw(p.memberId, "bank", 2_000, "seed-withdraw-3"));
  await on(38, 19, 21)(() => cancelWithdrawal(deps, p.memberId, cancelled.id));
  await on(1, 7, 50)(() => withdraw(p.memberId, "bank", 5_000, "seed-withdraw-4"));
  await on(3, 16, 12)(() => withdraw(p.richId, "bank", 54_322, "seed-withdraw-rich"));
  // A large one the demo admin approved first: it awaits a second admin.
  const large = await on(0, 9, 5)(() => withdraw(p.richId, "bank", 500_000, "seed-withdraw-large"));
  if (!large.replayed) await on(0, 9, 30)(() => completeWithdrawal(deps, p.adminId, large.id));
}

/** The demo company's Zengin requester data (the transfer file's header and paying account). */
export const DEMO_REQUESTER: Requester = {
  requesterCode: "1234567890",
  requesterName: "カ)キャッシュバックポータル",
  bankCode: "0005",
  bankName: "ミツビシユーエフジェイ",
  branchCode: "001",
  branchName: "ホンテン",
  accountType: "current",
  accountNumber: "7654321",
  leadBusinessDays: 1,
};

/**
 * The demo requester, so the admin's withdrawal list offers the transfer file for the demo's
 * pending bank withdrawals at once. Kept when an admin has set their own.
 */
export async function seedZenginRequester(db: Db, adminId: string) {
  if (await getRequester(db.kysely)) return;
  await saveRequester(db, adminId, DEMO_REQUESTER);
}
