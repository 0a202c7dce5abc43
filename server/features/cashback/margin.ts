import { sql } from "kysely";
import type { Db } from "#db";
import {
  type MarginSums,
  marginOf,
  monthsBefore,
  monthsBetween,
  nextMonth,
} from "../../domain/margin";
import { tokyoMonth } from "../../domain/tokyo";
import type { MarginInput } from "./schema";

/**
 * The operator's margin per broker and month. Every credited cashback row counts:
 * a row exists only once its import chunk has been committed (the ledger movement, the history
 * row and its affiliate reward are one transaction), and nothing reverses a credited row, so the
 * history is exactly what was paid. A row's month is its trade date's (the Tokyo calendar month,
 * as the summaries, the ranking and the affiliate pages count it); its commission is the yen the
 * import stored (a dollar commission converted at its batch's rate, rounded down); the reward is
 * the affiliate reward paid on that very row (at most one: `affiliate_rewards.cashback_id` is
 * unique).
 */

/** A broker's month: the sums, the margin when it is known, and the broker's name. */
export interface MarginRow extends MarginSums {
  brokerId: string;
  brokerName: string;
  month: string;
  coverage: "complete" | "partial" | "none";
  margin: number | null;
  percentX10: number | null;
}

/** The longest range one report covers: three years of months. */
export const MAX_MONTHS = 36;
/** The default range: the twelve months ending this Tokyo month. */
export const DEFAULT_MONTHS = 12;

/**
 * The months asked for: `to` defaults to this Tokyo month, `from` to eleven months before `to`;
 * reversed bounds are swapped and a range longer than MAX_MONTHS keeps its last MAX_MONTHS.
 */
export function monthRange(input: Pick<MarginInput, "from" | "to">, now = new Date()) {
  let to = input.to ?? tokyoMonth(now);
  let from = input.from ?? monthsBefore(to, DEFAULT_MONTHS - 1);
  if (from > to) [from, to] = [to, from];
  if (from < monthsBefore(to, MAX_MONTHS - 1)) from = monthsBefore(to, MAX_MONTHS - 1);
  return { from, to };
}

/** The sums over several groups, and the margin over the groups whose margin is known. */
function totalOf(rows: MarginRow[]) {
  const sum = (pick: (r: MarginRow) => number) => rows.reduce((a, r) => a + pick(r), 0);
  const complete = rows.filter((r) => r.coverage === "complete");
  const sums: MarginSums = {
    rows: sum((r) => r.rows),
    rowsWithoutCommission: sum((r) => r.rowsWithoutCommission),
    commission: sum((r) => r.commission),
    cashback: sum((r) => r.cashback),
    rewards: sum((r) => r.rewards),
  };
  // The margin of the groups that have one: commission − cashback − rewards of those alone,
  // so a group whose commission is unknown never counts as a margin of zero (or a loss).
  const known: MarginSums = {
    rows: complete.reduce((a, r) => a + r.rows, 0),
    rowsWithoutCommission: 0,
    commission: complete.reduce((a, r) => a + r.commission, 0),
    cashback: complete.reduce((a, r) => a + r.cashback, 0),
    rewards: complete.reduce((a, r) => a + r.rewards, 0),
  };
  const { margin, percentX10 } = marginOf(known);
  return {
    ...sums,
    // No cashback at all is a margin of zero; groups none of which is known, an unknown one.
    margin: complete.length > 0 || rows.length === 0 ? margin : null,
    percentX10: complete.length > 0 ? percentX10 : null,
    /** The commission the margin is a share of (the complete groups'). */
    marginCommission: known.commission,
    /** Broker-months left out of the margin: their commission is not (fully) known. */
    groupsWithoutMargin: rows.length - complete.length,
  };
}
export type MarginTotal = ReturnType<typeof totalOf>;

/**
 * The sums per broker and month over [from, to], one grouped statement: cashback rows of the
 * range (the (trade_date, …) index) left-joined to their reward by its unique cashback id.
 */
async function sumsByBrokerMonth(db: Db, from: string, to: string, brokerId?: string) {
  const month = sql<string>`substr(cashbacks.trade_date, 1, 7)`;
  return db.kysely
    .selectFrom("cashbacks")
    .leftJoin("affiliate_rewards", "affiliate_rewards.cashback_id", "cashbacks.id")
    .select((eb) => [
      "cashbacks.broker_id as brokerId",
      month.as("month"),
      eb.fn.countAll<number>().as("rows"),
      eb.fn
        .sum<number>(eb.case().when("cashbacks.commission_yen", "is", null).then(1).else(0).end())
        .as("rowsWithoutCommission"),
      eb.fn
        .sum<number>(eb.fn.coalesce("cashbacks.commission_yen", sql<number>`0`))
        .as("commission"),
      eb.fn.sum<number>("cashbacks.amount").as("cashback"),
      eb.fn.sum<number>(eb.fn.coalesce("affiliate_rewards.amount", sql<number>`0`)).as("rewards"),
    ])
    .where("cashbacks.trade_date", ">=", `${from}-01`)
    .where("cashbacks.trade_date", "<", `${nextMonth(to)}-01`)
    .$if(brokerId !== undefined, (q) => q.where("cashbacks.broker_id", "=", brokerId!))
    .groupBy(["cashbacks.broker_id", month])
    .execute();
}

/**
 * The margin report: a row per broker and month that has cashback (newest month first, then by
 * broker name), the totals, and per month of the range the totals of its brokers (the chart).
 */
export async function marginReport(db: Db, input: MarginInput, now = new Date()) {
  const { from, to } = monthRange(input, now);
  const [groups, brokers] = await Promise.all([
    sumsByBrokerMonth(db, from, to, input.broker),
    db.kysely.selectFrom("brokers").select(["id", "name"]).execute(),
  ]);
  const nameOf = new Map(brokers.map((b) => [b.id, b.name]));
  const rows: MarginRow[] = groups.map((g) => {
    const sums: MarginSums = {
      rows: Number(g.rows),
      rowsWithoutCommission: Number(g.rowsWithoutCommission ?? 0),
      commission: Number(g.commission ?? 0),
      cashback: Number(g.cashback ?? 0),
      rewards: Number(g.rewards ?? 0),
    };
    return {
      brokerId: g.brokerId,
      brokerName: nameOf.get(g.brokerId) ?? "",
      month: g.month,
      ...sums,
      ...marginOf(sums),
    };
  });
  rows.sort(
    (a, b) =>
      b.month.localeCompare(a.month) ||
      a.brokerName.localeCompare(b.brokerName) ||
      a.brokerId.localeCompare(b.brokerId),
  );
  const months = monthsBetween(from, to).map((month) => ({
    month,
    ...totalOf(rows.filter((r) => r.month === month)),
  }));
  return { from, to, broker: input.broker ?? null, rows, total: totalOf(rows), months };
}

/** This Tokyo month's margin over every broker: the admin home's figure. */
export async function monthMargin(db: Db, now = new Date()) {
  const month = tokyoMonth(now);
  const report = await marginReport(db, { from: month, to: month }, now);
  return { month, ...report.total };
}
