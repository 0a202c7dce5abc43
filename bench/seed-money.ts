/**
 * bench/seed.ts's money phases: the imported cashback with its summaries (seedCashback), then
 * the ledger built on it with withdrawals, transfers and wallets (seedLedger). See
 * bench/seed.ts for the dataset as a whole.
 */
import { DEFAULT_AFFILIATE_RATE_BP, rewardFor } from "#server/features/affiliate/rates";
import type { Population } from "./seed-members";
import { DAY_MS, dbTime, q, type SeedContext, tokyoAt, tokyoDate } from "./seed-support";

/** What the cashback import credited, per month: the ledger phase books it. */
export interface Earnings {
  /** Per month: the cashback and affiliate ledger transactions and the import batch. */
  cashbackTx: string[];
  affiliateTx: string[];
  batchIds: string[];
  /** [member * months + month]: cashback earned; [referrer * months + month]: rewards. */
  userMonthCashback: Float64Array;
  refMonthRewards: Float64Array;
}

/**
 * Daily cashback of the trading members, affiliate rewards of the referred ones, and exactly
 * the summaries and import batches the import keeps for them.
 */
export async function seedCashback(
  { load, rng, id, int, lap }: SeedContext,
  p: Population,
  tradeRate: number,
): Promise<Earnings> {
  const { days, months, monthOfDay, brokers, adminId, userId, createdDay, referrer, traders } = p;
  const { accUser, accBroker, accId, accNumber, approvedOf } = p;
  const M = userId.length;
  const DAYS = days.length;
  const MONTHS = months.length;
  const REFERRERS = p.referrers;

  // ---- cashback: day by day, each trading member on each approved account
  const A = accUser.length;
  const acctMonthAmount = new Float64Array(A * MONTHS);
  const acctMonthLots = new Float64Array(A * MONTHS);
  const acctMonthRows = new Int32Array(A * MONTHS);
  const userMonthCashback = new Float64Array(M * MONTHS);
  const custMonthCashback = new Float64Array(M * MONTHS); // referred customers only
  const custMonthRewards = new Float64Array(M * MONTHS);
  const refDayCashback = new Float64Array(REFERRERS * DAYS);
  const refDayRewards = new Float64Array(REFERRERS * DAYS);
  const refDayRegs = new Int32Array(REFERRERS * DAYS);
  const refMonthRewards = new Float64Array(REFERRERS * MONTHS);
  for (let i = 0; i < M; i++)
    if (referrer[i]! >= 0) refDayRegs[referrer[i]! * DAYS + createdDay[i]!]! += 1;

  const cashbackTx = months.map((m) => id(tokyoAt(`${m}-01`, 0) + 40 * DAY_MS));
  const affiliateTx = months.map((m) => id(tokyoAt(`${m}-01`, 0) + 40 * DAY_MS + 1));
  const batchIds = months.map((m) => id(tokyoAt(`${m}-01`, 0) + 40 * DAY_MS + 2));
  const CB_COLS =
    "id, source_key, user_id, broker_account_id, broker_id, trade_date, lots_milli, amount, batch_id, ledger_tx_id, created_at";
  const DAILY_COLS = "broker_account_id, day, user_id, broker_id, amount, lots_milli, `rows`";
  const AR_COLS =
    "id, cashback_id, referrer_id, customer_id, trade_date, cashback_amount, rate_bp, amount, batch_id, ledger_tx_id, created_at";
  let cashbackRows = 0;
  let rewardRows = 0;
  for (let d = 0; d < DAYS; d++) {
    const day = days[d]!;
    const mi = monthOfDay[d]!;
    const createdMs = tokyoAt(day, 24 + 3);
    const created = q(dbTime(createdMs));
    for (const i of traders) {
      if (createdDay[i]! >= d) break;
      // The bench logins trade often; everyone else at the configured rate.
      if (rng() >= (i < 10 ? 0.6 : tradeRate)) continue;
      for (const a of approvedOf[i]!) {
        const amount = int(50, 3000);
        const lots = int(10, 5000);
        const cid = id(createdMs);
        const source = `${brokers[accBroker[a]!]!.id}|${accNumber[a]}|${day}|b${d}`;
        await load.add(
          "cashbacks",
          CB_COLS,
          `('${cid}', '${source}', '${userId[i]}', '${accId[a]}', '${brokers[accBroker[a]!]!.id}', '${day}', ${lots}, ${amount}, '${batchIds[mi]}', '${cashbackTx[mi]}', ${created})`,
        );
        await load.add(
          "cashback_daily",
          DAILY_COLS,
          `('${accId[a]}', '${day}', '${userId[i]}', '${brokers[accBroker[a]!]!.id}', ${amount}, ${lots}, 1)`,
        );
        cashbackRows++;
        acctMonthAmount[a * MONTHS + mi]! += amount;
        acctMonthLots[a * MONTHS + mi]! += lots;
        acctMonthRows[a * MONTHS + mi]! += 1;
        userMonthCashback[i * MONTHS + mi]! += amount;
        const r = referrer[i]!;
        if (r >= 0) {
          const reward = rewardFor(amount, DEFAULT_AFFILIATE_RATE_BP);
          if (reward > 0) {
            await load.add(
              "affiliate_rewards",
              AR_COLS,
              `('${id(createdMs)}', '${cid}', '${userId[r]}', '${userId[i]}', '${day}', ${amount}, ${DEFAULT_AFFILIATE_RATE_BP}, ${reward}, '${batchIds[mi]}', '${affiliateTx[mi]}', ${created})`,
            );
            rewardRows++;
            custMonthCashback[i * MONTHS + mi]! += amount;
            custMonthRewards[i * MONTHS + mi]! += reward;
            refDayCashback[r * DAYS + d]! += amount;
            refDayRewards[r * DAYS + d]! += reward;
            refMonthRewards[r * MONTHS + mi]! += reward;
          }
        }
      }
    }
  }
  await load.drain();
  lap(`cashbacks + cashback_daily (${cashbackRows} each), rewards (${rewardRows})`);

  // ---- summaries kept by the import, from the same numbers
  for (let a = 0; a < A; a++) {
    for (let m = 0; m < MONTHS; m++) {
      const k = a * MONTHS + m;
      if (acctMonthRows[k] === 0) continue;
      await load.add(
        "cashback_monthly",
        "broker_account_id, month, user_id, broker_id, amount, lots_milli, `rows`",
        `('${accId[a]}', '${months[m]}', '${userId[accUser[a]!]}', '${brokers[accBroker[a]!]!.id}', ${acctMonthAmount[k]}, ${acctMonthLots[k]}, ${acctMonthRows[k]})`,
      );
    }
  }
  for (let i = 0; i < M; i++) {
    const r = referrer[i]!;
    if (r < 0) continue;
    for (let m = 0; m < MONTHS; m++) {
      const k = i * MONTHS + m;
      if (custMonthCashback[k] === 0) continue;
      await load.add(
        "affiliate_customer_monthly",
        "referrer_id, customer_id, month, cashback, rewards",
        `('${userId[r]}', '${userId[i]}', '${months[m]}', ${custMonthCashback[k]}, ${custMonthRewards[k]})`,
      );
    }
  }
  for (let r = 0; r < REFERRERS; r++) {
    for (let d = 0; d < DAYS; d++) {
      const k = r * DAYS + d;
      if (refDayRegs[k] === 0 && refDayCashback[k] === 0) continue;
      await load.add(
        "affiliate_daily",
        "referrer_id, day, registrations, cashback, rewards",
        `('${userId[r]}', '${days[d]}', ${refDayRegs[k]}, ${refDayCashback[k]}, ${refDayRewards[k]})`,
      );
    }
  }
  // Import batches the cashback rows point at (one per month), with what they credited.
  const batchRows = new Float64Array(MONTHS);
  const batchAmount = new Float64Array(MONTHS);
  for (let k = 0; k < A * MONTHS; k++) {
    batchRows[k % MONTHS]! += acctMonthRows[k]!;
    batchAmount[k % MONTHS]! += acctMonthAmount[k]!;
  }
  for (let m = 0; m < MONTHS; m++) {
    const t = q(dbTime(tokyoAt(`${months[m]}-01`, 0) + 40 * DAY_MS));
    await load.add(
      "import_batches",
      "id, file_name, file_sha256, status, usd_rate_micro, rows_total, rows_matched, rows_unmatched, rows_duplicate, rows_error, rows_credited, amount_credited, created_by, created_at, committed_by, committed_at",
      `('${batchIds[m]}', 'bench-${months[m]}.csv', '${"0".repeat(64)}', 'committed', null, ${batchRows[m]}, ${batchRows[m]}, 0, 0, 0, ${batchRows[m]}, ${batchAmount[m]}, '${adminId}', ${t}, '${adminId}', ${t})`,
    );
  }
  await load.drain();
  lap("cashback_monthly, affiliate summaries");

  return { cashbackTx, affiliateTx, batchIds, userMonthCashback, refMonthRewards };
}

/**
 * The ledger: the monthly cashback and affiliate credits, withdrawals and transfers with their
 * holds, and every member's wallet (balances set from the entries once indexes are back).
 */
export async function seedLedger(
  { load, rng, id, int, lap }: SeedContext,
  { days, months, adminId, userId, createdDay, traders, referrers: REFERRERS }: Population,
  { cashbackTx, affiliateTx, batchIds, userMonthCashback, refMonthRewards }: Earnings,
  /** The load time, for rows without a history of their own. */
  now: string,
) {
  const M = userId.length;
  const DAYS = days.length;
  const MONTHS = months.length;

  // ---- ledger: monthly cashback and affiliate movements
  const TX_COLS = "id, idempotency_key, kind, ref_type, ref_id, created_at";
  const LE_COLS = "id, tx_id, wallet_id, bucket, amount, created_at";
  const balance = new Float64Array(M);
  let entries = 0;
  const entry = async (tx: string, wallet: string, bucket: string, amount: number, ms: number) => {
    entries++;
    await load.add(
      "ledger_entries",
      LE_COLS,
      `('${id(ms)}', '${tx}', '${wallet}', '${bucket}', ${amount}, '${dbTime(ms)}')`,
    );
  };
  const tx = async (
    txId: string,
    key: string,
    kind: string,
    refType: string,
    refId: string,
    ms: number,
  ) =>
    load.add(
      "ledger_transactions",
      TX_COLS,
      `('${txId}', ${q(key)}, '${kind}', '${refType}', ${q(refId)}, '${dbTime(ms)}')`,
    );
  // One credit per month and kind: an entry per member who earned, the house paying the total.
  const creditMonth = async (
    m: number,
    txId: string,
    kind: "cashback" | "affiliate_reward",
    keyName: string,
    /** [member * months + month], for the first `members` members. */
    earned: Float64Array,
    members: number,
  ) => {
    const ms = tokyoAt(`${months[m]}-01`, 0) + 40 * DAY_MS;
    let total = 0;
    for (let i = 0; i < members; i++) {
      const v = earned[i * MONTHS + m]!;
      if (v === 0) continue;
      total += v;
      balance[i]! += v;
      await entry(txId, userId[i]!, "available", v, ms);
    }
    if (total <= 0) return;
    await tx(txId, `bench:${keyName}:${months[m]}`, kind, "import_batch", batchIds[m]!, ms);
    await entry(txId, "sys:house", "available", -total, ms);
  };
  for (let m = 0; m < MONTHS; m++) {
    await creditMonth(m, cashbackTx[m]!, "cashback", "cashback", userMonthCashback, M);
    await creditMonth(
      m,
      affiliateTx[m]!,
      "affiliate_reward",
      "affiliate",
      refMonthRewards,
      REFERRERS,
    );
  }

  // ---- withdrawals in the last year (hold, then payout / release; a few still pending)
  const W_COLS =
    "id, user_id, method, amount, status, payout, request_key, next_business_day, created_at, completed_at, rejected_at, reject_reason, cancelled_at, decided_by";
  const methods = ["bank", "bitwallet", "usdt", "exness", "paypay", "peska"] as const;
  const withdrawalMonthly = new Map<string, { amount: number; count: number }>();
  let withdrawals = 0;
  for (let i = 0; i < M; i++) {
    if (balance[i]! < 5_000 || rng() >= 0.6) continue;
    const n = i < 10 ? 12 : int(1, 4);
    for (let k = 0; k < n; k++) {
      const amount = Math.floor((balance[i]! * 0.15 * (0.3 + rng() * 0.7)) / 100) * 100;
      if (amount < 1_000) break;
      const d = int(Math.max(createdDay[i]! + 1, DAYS - 365), DAYS - 1);
      const ms = tokyoAt(days[d]!, 12) + int(0, 3_599_999);
      const wid = id(ms);
      const r = rng();
      const status = d >= DAYS - 3 || r < 0.03 ? "pending" : r < 0.08 ? "rejected" : "completed";
      const method = methods[int(0, methods.length - 1)]!;
      const decidedMs = ms + DAY_MS;
      const decided = q(dbTime(decidedMs));
      await load.add(
        "withdrawals",
        W_COLS,
        `('${wid}', '${userId[i]}', '${method}', ${amount}, '${status}', ${q(JSON.stringify({ method, bench: true }))}, 'bench-${k}', 0, '${dbTime(ms)}', ${status === "completed" ? decided : "null"}, ${status === "rejected" ? decided : "null"}, ${status === "rejected" ? "'bench'" : "null"}, null, ${status === "pending" ? "null" : q(adminId)})`,
      );
      withdrawals++;
      const hold = id(ms);
      await tx(hold, `withdrawal:hold:${wid}`, "withdrawal_hold", "withdrawal", wid, ms);
      await entry(hold, userId[i]!, "available", -amount, ms);
      await entry(hold, userId[i]!, "held", amount, ms);
      balance[i]! -= amount;
      if (status === "pending") continue;
      const settle = id(decidedMs);
      await tx(
        settle,
        `withdrawal:${status}:${wid}`,
        status === "completed" ? "withdrawal_payout" : "withdrawal_release",
        "withdrawal",
        wid,
        decidedMs,
      );
      await entry(settle, userId[i]!, "held", -amount, decidedMs);
      if (status === "completed") {
        await entry(settle, "sys:payouts", "available", amount, decidedMs);
        const month = tokyoDate(new Date(decidedMs)).slice(0, 7);
        const key = `${i}|${month}`;
        const w = withdrawalMonthly.get(key) ?? { amount: 0, count: 0 };
        w.amount += amount;
        w.count += 1;
        withdrawalMonthly.set(key, w);
      } else {
        await entry(settle, userId[i]!, "available", amount, decidedMs);
        balance[i]! += amount;
      }
    }
  }
  for (const [key, w] of withdrawalMonthly) {
    const [i, month] = key.split("|") as [string, string];
    await load.add(
      "withdrawal_monthly",
      "user_id, month, amount, count",
      `('${userId[Number(i)]}', '${month}', ${w.amount}, ${w.count})`,
    );
  }

  // ---- transfers between members (no fee: the default rate is 0)
  const T_COLS =
    "id, sender_id, receiver_id, amount, fee, fee_rate_bp, message, status, request_key, created_at, decided_at, decided_by, fail_reason";
  let transfers = 0;
  const rich = traders.filter((i) => balance[i]! >= 20_000);
  for (let n = 0; n < Math.floor(M / 10) && rich.length > 1; n++) {
    const s = rich[int(0, rich.length - 1)]!;
    let r = rich[int(0, rich.length - 1)]!;
    if (r === s) r = rich[(rich.indexOf(s) + 1) % rich.length]!;
    const amount = int(10, 50) * 100;
    if (balance[s]! < amount) continue;
    const d = int(DAYS - 365, DAYS - 1);
    const ms = tokyoAt(days[d]!, 15) + int(0, 3_599_999);
    const tid = id(ms);
    const pending = d >= DAYS - 2;
    const decidedMs = ms + 3_600_000;
    await load.add(
      "transfers",
      T_COLS,
      `('${tid}', '${userId[s]}', '${userId[r]}', ${amount}, 0, 0, 'bench', '${pending ? "pending" : "completed"}', 'bench-${n}', '${dbTime(ms)}', ${pending ? "null, null" : `'${dbTime(decidedMs)}', '${adminId}'`}, null)`,
    );
    transfers++;
    const hold = id(ms);
    await tx(hold, `transfer:hold:${tid}`, "transfer_hold", "transfer", tid, ms);
    await entry(hold, userId[s]!, "available", -amount, ms);
    await entry(hold, userId[s]!, "held", amount, ms);
    balance[s]! -= amount;
    if (pending) continue;
    const settle = id(decidedMs);
    await tx(settle, `transfer:settle:${tid}`, "transfer_settle", "transfer", tid, decidedMs);
    await entry(settle, userId[s]!, "held", -amount, decidedMs);
    await entry(settle, userId[r]!, "available", amount, decidedMs);
    balance[r]! += amount;
  }

  // ---- wallets: every member and the admin (balances set from the entries by seedBench)
  for (const uid of [adminId, ...userId]) {
    await load.add(
      "wallets",
      "id, user_id, kind, balance, held, created_at, updated_at",
      `('${uid}', '${uid}', 'member', 0, 0, ${now}, ${now})`,
    );
  }
  await load.drain();
  lap(`ledger (${entries} entries), withdrawals (${withdrawals}), transfers (${transfers})`);
}
