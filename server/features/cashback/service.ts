import type { Kysely } from "kysely";
import type { Db } from "#db";
import { prepared } from "#db/prepared";
import type { Database, RateKind, RateSource } from "#db/schema";
import { walletColumn } from "../../ledger";
import { memberCreditingDays } from "../../lib/crediting";
import { mapRows, paginate } from "../../lib/paging";
import { inRange, type PeriodInput, tokyoDayStart } from "../../lib/period";
import { tokyoDay } from "../../domain/tokyo";
import type { MemberHistoryInput } from "./schema";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A Tokyo calendar date "YYYY-MM-DD" for an instant. */
export { tokyoDay };

function addMonths(day: string, months: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/**
 * A period preset as trade-date bounds [from, to) ("YYYY-MM-DD"; null = open), in Tokyo days,
 * matching server/lib/period.ts for timestamps.
 */
export function periodDays(
  input: PeriodInput,
  now = new Date(),
): { from: string | null; to: string | null } {
  const today = tokyoDay(now);
  const tomorrow = tokyoDay(new Date(tokyoDayStart(now).getTime() + DAY_MS));
  switch (input.period) {
    case "all":
      return { from: null, to: null };
    case "today":
      return { from: today, to: tomorrow };
    case "1w":
      return { from: tokyoDay(new Date(tokyoDayStart(now).getTime() - 6 * DAY_MS)), to: tomorrow };
    case "1m":
      return { from: addMonths(tomorrow, -1), to: tomorrow };
    case "3m":
      return { from: addMonths(tomorrow, -3), to: tomorrow };
    case "1y":
      return { from: addMonths(tomorrow, -12), to: tomorrow };
    case "custom":
      return {
        from: input.from!,
        to: tokyoDay(new Date(new Date(`${input.to!}T00:00:00Z`).getTime() + DAY_MS + 1)),
      };
  }
}

/** The first day of the month of `day` ("YYYY-MM-01"). */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/**
 * Amount and number of cashback rows over trade days [from, to) (null = open), from the
 * summaries instead of the rows: the whole months inside the range from cashback_monthly, the
 * days at either end from cashback_daily. Both are kept in the same transaction as the rows,
 * so the figures are exact.
 */
export async function summaryTotals(
  db: Db,
  bounds: { from: string | null; to: string | null },
  filter: { userId?: string; brokerId?: string },
): Promise<{ amount: number; rows: number }> {
  const { from, to } = bounds;
  // Whole months: from the first month start at or after `from` to the month start of `to`.
  const mFrom =
    from === null ? null : from === monthStart(from) ? from : addMonths(monthStart(from), 1);
  const mTo = to === null ? null : monthStart(to);
  const parts: Promise<{ amount: number | null; rows: number | null } | undefined>[] = [];
  const daily = (dFrom: string | null, dTo: string | null) =>
    db.kysely
      .selectFrom("cashback_daily")
      .select((eb) => [
        eb.fn.sum<number>("amount").as("amount"),
        eb.fn.sum<number>("rows").as("rows"),
      ])
      .$if(filter.userId !== undefined, (q) => q.where("user_id", "=", filter.userId!))
      .$if(filter.brokerId !== undefined, (q) => q.where("broker_id", "=", filter.brokerId!))
      .$if(dFrom !== null, (q) => q.where("day", ">=", dFrom!))
      .$if(dTo !== null, (q) => q.where("day", "<", dTo!))
      .executeTakeFirst();
  if (mFrom !== null && mTo !== null && mFrom >= mTo) {
    parts.push(daily(from, to));
  } else {
    parts.push(
      db.kysely
        .selectFrom("cashback_monthly")
        .select((eb) => [
          eb.fn.sum<number>("amount").as("amount"),
          eb.fn.sum<number>("rows").as("rows"),
        ])
        .$if(filter.userId !== undefined, (q) => q.where("user_id", "=", filter.userId!))
        .$if(filter.brokerId !== undefined, (q) => q.where("broker_id", "=", filter.brokerId!))
        .$if(mFrom !== null, (q) => q.where("month", ">=", mFrom!.slice(0, 7)))
        .$if(mTo !== null, (q) => q.where("month", "<", mTo!.slice(0, 7)))
        .executeTakeFirst(),
    );
    if (from !== null && mFrom !== null && from < mFrom) parts.push(daily(from, mFrom));
    if (to !== null && mTo !== null && mTo < to) parts.push(daily(mTo, to));
  }
  const results = await Promise.all(parts);
  return {
    amount: results.reduce((s, r) => s + Number(r?.amount ?? 0), 0),
    rows: results.reduce((s, r) => s + Number(r?.rows ?? 0), 0),
  };
}

// ---------------------------------------------------------------- member

/** The member's cashback per account over trade days [from, to), from the daily summary. */
function accountTotals(
  db: Db,
  userId: string,
  { from, to }: { from: string | null; to: string | null },
) {
  return db.kysely
    .selectFrom("cashback_daily as s")
    .innerJoin("broker_accounts", "broker_accounts.id", "s.broker_account_id")
    .innerJoin("brokers", "brokers.id", "s.broker_id")
    .select((eb) => [
      "s.broker_account_id as accountId",
      "broker_accounts.account_number as accountNumber",
      "brokers.name as brokerName",
      eb.fn.sum<number>("s.amount").as("amount"),
    ])
    .where("s.user_id", "=", userId)
    .$call((q) => inRange(q, "s.day", { start: from, end: to }))
    .groupBy(["s.broker_account_id", "broker_accounts.account_number", "brokers.name"])
    .execute();
}

/**
 * The member's cashback per account and month, from the monthly summary (a row per account and
 * month, a few hundred for a member at most): all time for the summary report, and the
 * dashboard's chart months too.
 */
function accountMonths(kysely: Kysely<Database>, userId: string) {
  return kysely
    .selectFrom("cashback_monthly as m")
    .innerJoin("broker_accounts", "broker_accounts.id", "m.broker_account_id")
    .innerJoin("brokers", "brokers.id", "m.broker_id")
    .select([
      "m.month",
      "m.broker_account_id as accountId",
      "broker_accounts.account_number as accountNumber",
      "brokers.name as brokerName",
      "m.amount",
    ])
    .where("m.user_id", "=", userId);
}

/** Totals for the period and all time, by broker and by account, from the summaries. */
export async function memberSummary(db: Db, userId: string, period: PeriodInput) {
  const { from, to } = periodDays(period);
  // All time is a period too: its per-account amounts already sum to the all-time figure (every
  // summary row's account and company exist), so it needs no second read.
  const wholeHistory = from === null && to === null;
  const [inPeriod, allTime] = await Promise.all([
    wholeHistory
      ? accountMonths(db.kysely, userId).execute()
      : accountTotals(db, userId, { from, to }),
    wholeHistory
      ? null
      : db.kysely
          .selectFrom("cashback_monthly")
          .select((eb) => eb.fn.sum<number>("amount").as("amount"))
          .where("user_id", "=", userId)
          .executeTakeFirst(),
  ]);
  return summarize(inPeriod, wholeHistory ? null : Number(allTime?.amount ?? 0));
}

interface AccountAmount {
  accountId: string;
  accountNumber: string;
  brokerName: string;
  amount: number | string | bigint;
}

/**
 * The summary report from per-account amounts (an account may come more than once: the
 * dashboard passes a row per account and month). `allTime` null: the amounts are all time.
 */
function summarize(rows: AccountAmount[], allTime: number | null) {
  const accounts = new Map<string, Omit<AccountAmount, "amount"> & { amount: number }>();
  for (const r of rows) {
    const account = accounts.get(r.accountId);
    if (account) account.amount += Number(r.amount);
    else accounts.set(r.accountId, { ...r, amount: Number(r.amount) });
  }
  const byAccount = [...accounts.values()]
    .map(({ accountId, accountNumber, brokerName, amount }) => ({
      accountId,
      accountNumber,
      brokerName,
      amount,
    }))
    .sort((a, b) => b.amount - a.amount);
  const brokers = new Map<string, number>();
  for (const a of byAccount) brokers.set(a.brokerName, (brokers.get(a.brokerName) ?? 0) + a.amount);
  const periodTotal = byAccount.reduce((s, a) => s + a.amount, 0);
  return {
    periodTotal,
    allTime: allTime ?? periodTotal,
    byBroker: [...brokers]
      .map(([brokerName, amount]) => ({ brokerName, amount }))
      .sort((a, b) => b.amount - a.amount),
    byAccount,
  };
}

/** The member's cashback rows with their company and account number: the history and the dashboard. */
function memberCashbacks(kysely: Kysely<Database>, userId: string) {
  return kysely
    .selectFrom("cashbacks")
    .innerJoin("brokers", "brokers.id", "cashbacks.broker_id")
    .innerJoin("broker_accounts", "broker_accounts.id", "cashbacks.broker_account_id")
    .select([
      "cashbacks.id",
      "cashbacks.trade_date as tradeDate",
      "brokers.name as brokerName",
      "broker_accounts.account_number as accountNumber",
      "cashbacks.amount",
      "cashbacks.rate_type",
      "cashbacks.rate_kind",
      "cashbacks.rate_x100",
      "cashbacks.rate_source",
    ])
    .where("cashbacks.user_id", "=", userId);
}

/**
 * A member's row as the pages read it: the rate it was priced at and where that came from
 * (the account's type, or the broker's default type), or null for a row priced before rates
 * were stored with it.
 */
function toMemberRow<
  R extends {
    amount: number | string | bigint;
    rate_type: string | null;
    rate_kind: RateKind | null;
    rate_x100: number | null;
    rate_source: RateSource | null;
  },
>(r: R) {
  const { rate_type, rate_kind, rate_x100, rate_source, ...rest } = r;
  const rate =
    rate_type !== null && rate_kind !== null && rate_x100 !== null && rate_source !== null
      ? {
          accountType: rate_type,
          kind: rate_kind,
          valueX100: Number(rate_x100),
          source: rate_source,
        }
      : null;
  return { ...rest, amount: Number(r.amount), rate };
}

/** The cashback history: occurrence date, company, account number, amount. */
export async function memberHistory(db: Db, userId: string, input: MemberHistoryInput) {
  const { from, to } = periodDays(input);
  const query = memberCashbacks(db.kysely, userId)
    .select("cashbacks.lots_milli as lotsMilli")
    .$call((q) => inRange(q, "cashbacks.trade_date", { start: from, end: to }));
  const sort = input.sort === "amount" ? "cashbacks.amount" : "cashbacks.trade_date";
  const back = input.dir === "asc" ? "desc" : "asc";
  const page = await paginate(
    query,
    input,
    (q) => q.orderBy(sort, input.dir).orderBy("cashbacks.id", input.dir),
    {
      // The member's row count is in the summaries: no COUNT(*) over their history.
      count: async () => (await summaryTotals(db, { from, to }, { userId })).rows,
      reversed: (q) => q.orderBy(sort, back).orderBy("cashbacks.id", back),
    },
  );
  return mapRows(page, (r) => ({ ...toMemberRow(r), lotsMilli: Number(r.lotsMilli) }));
}

/** Cashback per month for the last `months` months (Tokyo), zero months included. */
export async function memberMonthly(db: Db, userId: string, months: number, now = new Date()) {
  const list = lastMonths(months, now);
  const rows = await db.kysely
    .selectFrom("cashback_monthly")
    .select(["month", (eb) => eb.fn.sum<number>("amount").as("amount")])
    .where("user_id", "=", userId)
    .where("month", ">=", list[0]!)
    .groupBy("month")
    .execute();
  return monthSeries(list, rows);
}

/** The months of `list` with their summed amounts, zero months included. */
function monthSeries(list: string[], rows: { month: string; amount: number | string | bigint }[]) {
  const by = new Map<string, number>();
  for (const r of rows) by.set(r.month, (by.get(r.month) ?? 0) + Number(r.amount));
  return list.map((month) => ({ month, amount: by.get(month) ?? 0 }));
}

/** The last `months` Tokyo months as "YYYY-MM", oldest first, this month last. */
function lastMonths(months: number, now: Date): string[] {
  const current = tokyoDay(now).slice(0, 7);
  const list: string[] = [];
  for (let i = months - 1; i >= 0; i--) list.push(addMonths(`${current}-01`, -i).slice(0, 7));
  return list;
}

/** How many months of cashback the dashboard's report shows (this month included). */
export const DASHBOARD_MONTHS = 6;
/** How many of the member's accounts the dashboard lists (newest first). */
const DASHBOARD_ACCOUNTS = 20;

/**
 * The dashboard's four reads, built once: the member's home page runs them on
 * every visit, and building them with Kysely cost more CPU than SQLite took to answer them.
 * The wallet and the pending withdrawals come in one row (an aggregate always
 * returns one); the months are the all-time report's read, which sums to the chart's months as
 * well; the accounts are all the member's, newest first: the list shows twenty, the crediting
 * days need every live one (accounts are never deleted or moved, and a member holds a handful).
 */
const dashboardMoney = prepared(1, (kysely: Kysely<Database>, userId: string) =>
  kysely
    .selectFrom("withdrawals")
    .select((eb) => [
      eb.fn.countAll<number>().as("count"),
      eb.fn.sum<number>("amount").as("amount"),
      walletColumn(kysely, userId, "balance").as("balance"),
      walletColumn(kysely, userId, "held").as("held"),
    ])
    .where("user_id", "=", userId)
    .where("status", "=", "pending"),
);
const dashboardMonths = prepared(1, accountMonths);
const dashboardRecent = prepared(1, (kysely: Kysely<Database>, userId: string) =>
  memberCashbacks(kysely, userId)
    .orderBy("cashbacks.trade_date", "desc")
    .orderBy("cashbacks.id", "desc")
    .limit(5),
);
const dashboardAccounts = prepared(1, (kysely: Kysely<Database>, userId: string) =>
  kysely
    .selectFrom("broker_accounts")
    .innerJoin("brokers", "brokers.id", "broker_accounts.broker_id")
    .select([
      "broker_accounts.id",
      "brokers.name as brokerName",
      "broker_accounts.account_number as accountNumber",
      "broker_accounts.status",
      "brokers.id as brokerId",
      "brokers.active as brokerActive",
      "brokers.credit_cycle as creditCycle",
      "brokers.credit_day as creditDay",
    ])
    .where("broker_accounts.user_id", "=", userId)
    .orderBy("broker_accounts.created_at", "desc")
    .orderBy("broker_accounts.id", "desc"),
);

/**
 * Everything the member's dashboard shows: the wallet with the pending withdrawals, the last
 * cashback, the member's accounts (the list and each broker's next crediting day) and their
 * cashback per account and month (the chart's months and the all-time report).
 */
export async function memberDashboard(db: Db, userId: string, now = new Date()) {
  const [[money], months, recent, accounts] = await Promise.all([
    dashboardMoney(db.kysely, userId),
    dashboardMonths(db.kysely, userId),
    dashboardRecent(db.kysely, userId),
    dashboardAccounts(db.kysely, userId),
  ]);
  const monthly = monthSeries(lastMonths(DASHBOARD_MONTHS, now), months);
  return {
    wallet: { available: Number(money?.balance ?? 0), held: Number(money?.held ?? 0) },
    thisMonth: monthly[DASHBOARD_MONTHS - 1]!.amount,
    lastMonth: monthly[DASHBOARD_MONTHS - 2]!.amount,
    monthly,
    summary: summarize(months, null),
    recent: recent.map(toMemberRow),
    pendingWithdrawals: {
      count: Number(money?.count ?? 0),
      amount: Number(money?.amount ?? 0),
    },
    accounts: accounts
      .slice(0, DASHBOARD_ACCOUNTS)
      .map(({ id, brokerName, accountNumber, status }) => ({
        id,
        brokerName,
        accountNumber,
        status,
      })),
    crediting: memberCreditingDays(accounts, now),
  };
}
