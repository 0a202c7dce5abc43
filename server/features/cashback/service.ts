import { sql } from "kysely";
import type { Db } from "../../../db";
import { getWallet } from "../../ledger";
import { paginate } from "../../lib/paging";
import { type PeriodInput, tokyoDayStart } from "../../lib/period";
import { tokyoDay, tokyoMidnight } from "../../domain/tokyo";
import type {
  AdminCashbackInput,
  BatchRowsInput,
  BatchesInput,
  MemberHistoryInput,
} from "./schema";

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
function monthStart(day: string): string {
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

/** Totals for the period and all time, by broker and by account, from the summaries. */
export async function memberSummary(db: Db, userId: string, period: PeriodInput) {
  const { from, to } = periodDays(period);
  // All time reads the monthly summary (a row per account and month), a period the daily one.
  const inPeriod =
    from === null && to === null
      ? await db.kysely
          .selectFrom("cashback_monthly as s")
          .innerJoin("broker_accounts", "broker_accounts.id", "s.broker_account_id")
          .innerJoin("brokers", "brokers.id", "s.broker_id")
          .select((eb) => [
            "s.broker_account_id as accountId",
            "broker_accounts.account_number as accountNumber",
            "brokers.name as brokerName",
            eb.fn.sum<number>("s.amount").as("amount"),
          ])
          .where("s.user_id", "=", userId)
          .groupBy(["s.broker_account_id", "broker_accounts.account_number", "brokers.name"])
          .execute()
      : await db.kysely
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
          .$if(from !== null, (q) => q.where("s.day", ">=", from!))
          .$if(to !== null, (q) => q.where("s.day", "<", to!))
          .groupBy(["s.broker_account_id", "broker_accounts.account_number", "brokers.name"])
          .execute();
  const allTime = await db.kysely
    .selectFrom("cashback_monthly")
    .select((eb) => eb.fn.sum<number>("amount").as("amount"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  const byAccount = inPeriod
    .map((r) => ({
      accountId: r.accountId,
      accountNumber: r.accountNumber,
      brokerName: r.brokerName,
      amount: Number(r.amount),
    }))
    .sort((a, b) => b.amount - a.amount);
  const brokers = new Map<string, number>();
  for (const a of byAccount) brokers.set(a.brokerName, (brokers.get(a.brokerName) ?? 0) + a.amount);
  return {
    periodTotal: byAccount.reduce((s, a) => s + a.amount, 0),
    allTime: Number(allTime?.amount ?? 0),
    byBroker: [...brokers]
      .map(([brokerName, amount]) => ({ brokerName, amount }))
      .sort((a, b) => b.amount - a.amount),
    byAccount,
  };
}

/** The cashback history: occurrence date, company, account number, amount. */
export async function memberHistory(db: Db, userId: string, input: MemberHistoryInput) {
  const { from, to } = periodDays(input);
  const query = db.kysely
    .selectFrom("cashbacks")
    .innerJoin("brokers", "brokers.id", "cashbacks.broker_id")
    .innerJoin("broker_accounts", "broker_accounts.id", "cashbacks.broker_account_id")
    .select([
      "cashbacks.id",
      "cashbacks.trade_date as tradeDate",
      "brokers.name as brokerName",
      "broker_accounts.account_number as accountNumber",
      "cashbacks.amount",
      "cashbacks.lots_milli as lotsMilli",
    ])
    .where("cashbacks.user_id", "=", userId)
    .$if(from !== null, (q) => q.where("cashbacks.trade_date", ">=", from!))
    .$if(to !== null, (q) => q.where("cashbacks.trade_date", "<", to!));
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
  return {
    ...page,
    rows: page.rows.map((r) => ({
      ...r,
      amount: Number(r.amount),
      lotsMilli: Number(r.lotsMilli),
    })),
  };
}

/** Cashback per month for the last `months` months (Tokyo), zero months included. */
export async function memberMonthly(db: Db, userId: string, months: number, now = new Date()) {
  const current = tokyoDay(now).slice(0, 7);
  const list: string[] = [];
  for (let i = months - 1; i >= 0; i--) list.push(addMonths(`${current}-01`, -i).slice(0, 7));
  const rows = await db.kysely
    .selectFrom("cashback_monthly")
    .select(["month", (eb) => eb.fn.sum<number>("amount").as("amount")])
    .where("user_id", "=", userId)
    .where("month", ">=", list[0]!)
    .groupBy("month")
    .execute();
  const by = new Map(rows.map((r) => [r.month, Number(r.amount)]));
  return list.map((month) => ({ month, amount: by.get(month) ?? 0 }));
}

/** Everything the member's dashboard shows, in one round trip. */
export async function memberDashboard(db: Db, userId: string, now = new Date()) {
  const month = tokyoDay(now).slice(0, 7);
  const lastMonth = addMonths(`${month}-01`, -1).slice(0, 7);
  const [wallet, months, recent, pending, accounts] = await Promise.all([
    getWallet(db.kysely, userId),
    db.kysely
      .selectFrom("cashback_monthly")
      .select(["month", (eb) => eb.fn.sum<number>("amount").as("amount")])
      .where("user_id", "=", userId)
      .where("month", "in", [month, lastMonth])
      .groupBy("month")
      .execute(),
    db.kysely
      .selectFrom("cashbacks")
      .innerJoin("brokers", "brokers.id", "cashbacks.broker_id")
      .innerJoin("broker_accounts", "broker_accounts.id", "cashbacks.broker_account_id")
      .select([
        "cashbacks.id",
        "cashbacks.trade_date as tradeDate",
        "brokers.name as brokerName",
        "broker_accounts.account_number as accountNumber",
        "cashbacks.amount",
      ])
      .where("cashbacks.user_id", "=", userId)
      .orderBy("cashbacks.trade_date", "desc")
      .orderBy("cashbacks.id", "desc")
      .limit(5)
      .execute(),
    db.kysely
      .selectFrom("withdrawals")
      .select((eb) => [
        eb.fn.countAll<number>().as("count"),
        eb.fn.sum<number>("amount").as("amount"),
      ])
      .where("user_id", "=", userId)
      .where("status", "=", "pending")
      .executeTakeFirst(),
    db.kysely
      .selectFrom("broker_accounts")
      .innerJoin("brokers", "brokers.id", "broker_accounts.broker_id")
      .select([
        "broker_accounts.id",
        "brokers.name as brokerName",
        "broker_accounts.account_number as accountNumber",
        "broker_accounts.status",
      ])
      .where("broker_accounts.user_id", "=", userId)
      .orderBy("broker_accounts.created_at", "desc")
      .limit(20)
      .execute(),
  ]);
  const amountOf = (m: string) => Number(months.find((r) => r.month === m)?.amount ?? 0);
  return {
    wallet,
    thisMonth: amountOf(month),
    lastMonth: amountOf(lastMonth),
    recent: recent.map((r) => ({ ...r, amount: Number(r.amount) })),
    pendingWithdrawals: {
      count: Number(pending?.count ?? 0),
      amount: Number(pending?.amount ?? 0),
    },
    accounts,
  };
}

// ---------------------------------------------------------------- admin

export async function adminCashbacks(db: Db, input: AdminCashbackInput) {
  const { from, to } = periodDays(input);
  const like = (t: string) => `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // Left joins, though every row has its broker, account and member (foreign keys): they are
  // lookups, so the database reads cashbacks first in its (trade_date, id) index order and stops
  // after a page. With inner joins MariaDB started from the eight brokers and sorted every row.
  const query = db.kysely
    .selectFrom("cashbacks")
    .leftJoin("brokers", "brokers.id", "cashbacks.broker_id")
    .leftJoin("broker_accounts", "broker_accounts.id", "cashbacks.broker_account_id")
    .leftJoin("users", "users.id", "cashbacks.user_id")
    .select([
      "cashbacks.id",
      "cashbacks.trade_date as tradeDate",
      "cashbacks.amount",
      "cashbacks.lots_milli as lotsMilli",
      "brokers.name as brokerName",
      "broker_accounts.account_number as accountNumber",
      "users.id as userId",
      "users.email",
      "users.nickname",
      "users.name",
      "cashbacks.batch_id as batchId",
    ])
    .$if(from !== null, (q) => q.where("cashbacks.trade_date", ">=", from!))
    .$if(to !== null, (q) => q.where("cashbacks.trade_date", "<", to!))
    .$if(input.broker !== undefined, (q) => q.where("cashbacks.broker_id", "=", input.broker!))
    .$if(input.account !== undefined, (q) =>
      q.where("broker_accounts.account_number", "=", input.account!),
    )
    .$if(input.member !== undefined, (q) => {
      const member = input.member!;
      return q.where((eb) =>
        eb.or([
          eb("users.email", "like", like(member.toLowerCase())),
          eb("users.nickname", "like", like(member)),
          eb("users.name", "like", like(member)),
          eb("users.id", "=", member),
        ]),
      );
    });
  const sort = input.sort === "amount" ? "cashbacks.amount" : "cashbacks.trade_date";
  const back = input.dir === "asc" ? "desc" : "asc";
  // Filtered by period and broker only, the totals come from the summaries (or, for all time
  // and every broker, from the batches' credited totals): no scan of millions of rows. A member
  // or account filter narrows the rows to one person's history, which is counted directly.
  const bySummary = input.member === undefined && input.account === undefined;
  const totals = bySummary
    ? from === null && to === null && input.broker === undefined
      ? db.kysely
          .selectFrom("import_batches")
          .select((eb) => [
            eb.fn.sum<number>("amount_credited").as("amount"),
            eb.fn.sum<number>("rows_credited").as("rows"),
          ])
          .executeTakeFirst()
          .then((r) => ({ amount: Number(r?.amount ?? 0), rows: Number(r?.rows ?? 0) }))
      : summaryTotals(db, { from, to }, { brokerId: input.broker })
    : query
        .clearSelect()
        .select((eb) => [
          eb.fn.sum<number>("cashbacks.amount").as("amount"),
          eb.fn.countAll<number>().as("rows"),
        ])
        .executeTakeFirst()
        .then((r) => ({ amount: Number(r?.amount ?? 0), rows: Number(r?.rows ?? 0) }));
  const page = await paginate(
    query,
    input,
    (q) => q.orderBy(sort, input.dir).orderBy("cashbacks.id", input.dir),
    {
      count: async () => (await totals).rows,
      reversed: (q) => q.orderBy(sort, back).orderBy("cashbacks.id", back),
    },
  );
  return {
    ...page,
    rows: page.rows.map((r) => ({
      ...r,
      brokerName: r.brokerName ?? "",
      accountNumber: r.accountNumber ?? "",
      userId: r.userId ?? "",
      email: r.email ?? "",
      nickname: r.nickname ?? "",
      name: r.name ?? "",
      amount: Number(r.amount),
      lotsMilli: Number(r.lotsMilli),
    })),
    totalAmount: (await totals).amount,
  };
}

export async function listBatches(db: Db, input: BatchesInput) {
  const query = db.kysely
    .selectFrom("import_batches")
    .leftJoin("users", "users.id", "import_batches.created_by")
    .select([
      "import_batches.id",
      "import_batches.file_name as fileName",
      "import_batches.status",
      "import_batches.rows_total as total",
      "import_batches.rows_matched as matched",
      "import_batches.rows_unmatched as unmatched",
      "import_batches.rows_duplicate as duplicate",
      "import_batches.rows_error as error",
      "import_batches.rows_credited as credited",
      "import_batches.amount_credited as amountCredited",
      "import_batches.usd_rate_micro as usdRateMicro",
      "import_batches.created_at as createdAt",
      "import_batches.committed_at as committedAt",
      "users.nickname as adminNickname",
      "users.email as adminEmail",
    ]);
  const page = await paginate(query, input, (q) =>
    q.orderBy("import_batches.created_at", input.dir).orderBy("import_batches.id", input.dir),
  );
  return {
    ...page,
    rows: page.rows.map((r) => ({
      ...r,
      amountCredited: Number(r.amountCredited),
      usdRate: r.usdRateMicro === null ? null : Number(r.usdRateMicro) / 1_000_000,
    })),
  };
}

export async function batchRows(db: Db, input: BatchRowsInput) {
  const batch = await db.kysely
    .selectFrom("import_batches")
    .select([
      "id",
      "file_name as fileName",
      "status",
      "rows_total as total",
      "rows_matched as matched",
      "rows_unmatched as unmatched",
      "rows_duplicate as duplicate",
      "rows_error as error",
      "rows_credited as credited",
      "amount_credited as amountCredited",
      "usd_rate_micro as usdRateMicro",
      "created_at as createdAt",
      "committed_at as committedAt",
    ])
    .where("id", "=", input.batchId)
    .executeTakeFirst();
  if (!batch) return null;
  const query = db.kysely
    .selectFrom("import_rows")
    .leftJoin("brokers", "brokers.id", "import_rows.broker_id")
    .select([
      "import_rows.id",
      "import_rows.line_no as line",
      "import_rows.status",
      "import_rows.error",
      "import_rows.trade_date as tradeDate",
      "import_rows.broker_text as brokerText",
      "brokers.name as brokerName",
      "import_rows.account_number as accountNumber",
      "import_rows.amount_text as amountText",
      "import_rows.currency",
      "import_rows.amount_yen as amountYen",
    ])
    .where("import_rows.batch_id", "=", input.batchId)
    .$if(input.status !== "all", (q) =>
      q.where("import_rows.status", "=", input.status as "matched"),
    );
  const page = await paginate(query, input, (q) =>
    q.orderBy("import_rows.line_no", input.dir).orderBy("import_rows.id", input.dir),
  );
  return {
    batch: {
      ...batch,
      amountCredited: Number(batch.amountCredited),
      usdRate: batch.usdRateMicro === null ? null : Number(batch.usdRateMicro) / 1_000_000,
    },
    page: {
      ...page,
      rows: page.rows.map((r) => ({
        ...r,
        amountYen: r.amountYen === null ? null : Number(r.amountYen),
      })),
    },
  };
}

/** The admin home's figures, each from an index or a summary, each linking to its list. */
export async function adminHome(db: Db, now = new Date()) {
  const today = tokyoDay(now);
  const month = today.slice(0, 7);
  const monthStart = `${month}-01`;
  const startOfToday = tokyoDayStart(now);
  const startOfMonth = tokyoMidnight(monthStart);
  const [todayCb, monthCb, withdrawals, accounts, transfers, membersToday, membersMonth] =
    await Promise.all([
      db.kysely
        .selectFrom("cashback_daily")
        .select((eb) => eb.fn.sum<number>("amount").as("amount"))
        .where("day", "=", today)
        .executeTakeFirst(),
      db.kysely
        .selectFrom("cashback_monthly")
        .select((eb) => eb.fn.sum<number>("amount").as("amount"))
        .where("month", "=", month)
        .executeTakeFirst(),
      db.kysely
        .selectFrom("withdrawals")
        .select((eb) => [
          eb.fn.countAll<number>().as("count"),
          eb.fn.sum<number>("amount").as("amount"),
        ])
        .where("status", "=", "pending")
        .executeTakeFirst(),
      db.kysely
        .selectFrom("broker_accounts")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("status", "=", "pending")
        .executeTakeFirst(),
      db.kysely
        .selectFrom("transfers")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("status", "=", "pending")
        .executeTakeFirst(),
      db.kysely
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where(
          "created_at",
          ">=",
          sql<string>`${startOfToday.toISOString().replace("T", " ").replace("Z", "")}`,
        )
        .executeTakeFirst(),
      db.kysely
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where(
          "created_at",
          ">=",
          sql<string>`${startOfMonth.toISOString().replace("T", " ").replace("Z", "")}`,
        )
        .executeTakeFirst(),
    ]);
  return {
    cashbackToday: Number(todayCb?.amount ?? 0),
    cashbackThisMonth: Number(monthCb?.amount ?? 0),
    pendingWithdrawals: {
      count: Number(withdrawals?.count ?? 0),
      amount: Number(withdrawals?.amount ?? 0),
    },
    pendingAccounts: Number(accounts?.count ?? 0),
    pendingTransfers: Number(transfers?.count ?? 0),
    newMembers: {
      today: Number(membersToday?.count ?? 0),
      thisMonth: Number(membersMonth?.count ?? 0),
    },
  };
}
