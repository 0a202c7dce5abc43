import { sql } from "kysely";
import type { Db } from "#db";
import { fromDbTime, toDbTime } from "#db/time";
import { addTokyoDays, addTokyoMonths, tokyoDay, tokyoMidnight } from "../../domain/tokyo";
import { adminUnreadTotal } from "../chat/service";
import type { Grants } from "../../auth/permissions";
import { allows, QUEUE_PERMISSION } from "../../domain/admin-access";
import { awaitingSecond } from "./awaiting-second";

/**
 * The admin home: what waits for an admin (the work queue, also the menu's badges), the day's
 * and the month's figures, and the charts. Every figure is read from an index or a summary
 * table: the queue counts the (status, created_at) indexes' pending range and takes its first
 * entry as the oldest; the charts read the cashback summaries' covering indexes
 * (migration 202611260100).
 */

/** The kinds of pending work, in the order the home lists them. */
export const WORK_QUEUES = [
  "withdrawals",
  "transfers",
  "accounts",
  "licences",
  "eaAccounts",
  "chats",
] as const;
export type WorkQueue = (typeof WORK_QUEUES)[number];

/** The tables whose pending rows are a queue; unread chats are counted by the chat service. */
const PENDING_TABLES = {
  withdrawals: "withdrawals",
  transfers: "transfers",
  accounts: "broker_accounts",
  licences: "ea_licenses",
  eaAccounts: "ea_account_requests",
} as const;
type PendingQueue = keyof typeof PENDING_TABLES;
/**
 * What waits for an admin: pending, and a large withdrawal or transfer awaiting its second
 * approval (the other tables have no such state, so the IN matches pending alone).
 */
const OPEN_STATES = ["pending", "checking"] as const;
const PENDING_QUEUES = Object.keys(PENDING_TABLES) as PendingQueue[];

/** Whether the admin's role may see (and so work) a queue: the others are neither counted nor shown. */
function seesQueue(grants: Grants, queue: WorkQueue): boolean {
  return allows(grants, QUEUE_PERMISSION[queue]);
}

/**
 * Pending items per queue, for the admin menu's badges: one statement, one index count per
 * table, of the queues the admin's role sees (0 for the others, not counted).
 */
export async function pendingCounts(db: Db, grants: Grants): Promise<Record<PendingQueue, number>> {
  const seen = PENDING_QUEUES.filter((queue) => seesQueue(grants, queue));
  if (seen.length === 0) {
    return Object.fromEntries(PENDING_QUEUES.map((q) => [q, 0])) as Record<PendingQueue, number>;
  }
  const row = await db.kysely
    .selectNoFrom((eb) =>
      seen.map((queue) =>
        eb
          .selectFrom(PENDING_TABLES[queue])
          .select((s) => s.fn.countAll<number>().as("n"))
          .where("status", "in", OPEN_STATES)
          .as(queue),
      ),
    )
    .executeTakeFirstOrThrow();
  return Object.fromEntries(PENDING_QUEUES.map((q) => [q, Number(row[q] ?? 0)])) as Record<
    PendingQueue,
    number
  >;
}

export interface QueueItem {
  queue: WorkQueue;
  count: number;
  /** Minutes since the oldest waiting item arrived; null when nothing waits. */
  oldestMinutes: number | null;
}

function minutesSince(at: string | Date | null | undefined, now: Date): number | null {
  if (at === null || at === undefined) return null;
  return Math.max(0, Math.floor((now.getTime() - fromDbTime(at).getTime()) / 60_000));
}

/** Each queue the admin's role sees: its count and the age of its oldest item, in the home's order. */
export async function workQueue(db: Db, grants: Grants, now = new Date()): Promise<QueueItem[]> {
  const seen = PENDING_QUEUES.filter((queue) => seesQueue(grants, queue));
  const [row, chats] = await Promise.all([
    seen.length === 0
      ? {}
      : db.kysely
          .selectNoFrom((eb) =>
            seen.flatMap((queue) => {
              const pending = () =>
                eb.selectFrom(PENDING_TABLES[queue]).where("status", "in", OPEN_STATES);
              return [
                pending()
                  .select((s) => s.fn.countAll<number>().as("n"))
                  .as(`${queue}Count`),
                pending()
                  .select((s) => s.fn.min<string>("created_at").as("t"))
                  .as(`${queue}Oldest`),
              ];
            }),
          )
          .executeTakeFirstOrThrow(),
    seesQueue(grants, "chats") ? adminUnreadTotal(db) : { threads: 0, oldest: null },
  ]);
  const values = row as Record<string, string | number | null>;
  return WORK_QUEUES.filter((queue) => seesQueue(grants, queue)).map((queue) =>
    queue === "chats"
      ? { queue, count: chats.threads, oldestMinutes: minutesSince(chats.oldest, now) }
      : {
          queue,
          count: Number(values[`${queue}Count`] ?? 0),
          oldestMinutes: minutesSince(values[`${queue}Oldest`] as string | null, now),
        },
  );
}

/** Members (admins are staff, not members) who joined since `start`. */
function membersSince(db: Db, start: Date) {
  return db.kysely
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("permission", "=", "member")
    .where("created_at", ">=", toDbTime(start))
    .executeTakeFirst();
}

/** The home's figures: today's and this month's cashback, pending withdrawals' sum, new members. */
async function figures(db: Db, now: Date) {
  const today = tokyoDay(now);
  const month = today.slice(0, 7);
  const [todayCb, monthCb, withdrawals, membersToday, membersMonth] = await Promise.all([
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
      .select((eb) => eb.fn.sum<number>("amount").as("amount"))
      .where("status", "=", "pending")
      .executeTakeFirst(),
    membersSince(db, tokyoMidnight(today)),
    membersSince(db, tokyoMidnight(`${month}-01`)),
  ]);
  return {
    cashbackToday: Number(todayCb?.amount ?? 0),
    cashbackThisMonth: Number(monthCb?.amount ?? 0),
    pendingWithdrawalAmount: Number(withdrawals?.amount ?? 0),
    newMembers: {
      today: Number(membersToday?.count ?? 0),
      thisMonth: Number(membersMonth?.count ?? 0),
    },
  };
}

export const CHART_DAYS = 30;
export const CHART_MONTHS = 12;
export const CHART_WEEKS = 12;

/** The last `n` Tokyo days ending today, oldest first ("2026-10-27" … "2026-11-25"). */
function lastDays(today: string, n: number): string[] {
  const start = tokyoMidnight(today);
  return Array.from({ length: n }, (_, i) => tokyoDay(addTokyoDays(start, i - (n - 1))));
}

/** The last `n` Tokyo months ending this month, oldest first ("2025-12" … "2026-11"). */
function lastMonths(today: string, n: number): string[] {
  const start = tokyoMidnight(`${today.slice(0, 7)}-01`);
  return Array.from({ length: n }, (_, i) =>
    tokyoDay(addTokyoMonths(start, i - (n - 1))).slice(0, 7),
  );
}

/** The Mondays (Tokyo) starting the last `n` weeks, this week last. */
function lastWeekStarts(today: string, n: number): string[] {
  // A calendar day's weekday does not depend on the time zone once it is a day.
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  const monday = addTokyoDays(tokyoMidnight(today), -weekday);
  return Array.from({ length: n }, (_, i) => tokyoDay(addTokyoDays(monday, (i - (n - 1)) * 7)));
}

/** Daily cashback (30 days), monthly cashback (12 months), by broker (12 months), new members per week (12 weeks). */
async function charts(db: Db, now: Date) {
  const today = tokyoDay(now);
  const days = lastDays(today, CHART_DAYS);
  const months = lastMonths(today, CHART_MONTHS);
  const weeks = lastWeekStarts(today, CHART_WEEKS);
  const weekBounds = [...weeks, tokyoDay(addTokyoDays(tokyoMidnight(weeks.at(-1)!), 7))].map(
    (day) => toDbTime(tokyoMidnight(day)),
  );
  const [daily, monthly, brokers, members] = await Promise.all([
    db.kysely
      .selectFrom("cashback_daily")
      .select((eb) => ["day", eb.fn.sum<number>("amount").as("amount")])
      .where("day", ">=", days[0]!)
      .where("day", "<=", today)
      .groupBy("day")
      .execute(),
    // One read of the twelve months serves two charts: the sums by month and by broker.
    db.kysely
      .selectFrom("cashback_monthly")
      .select((eb) => ["month", "broker_id", eb.fn.sum<number>("amount").as("amount")])
      .where("month", ">=", months[0]!)
      .where("month", "<=", months.at(-1)!)
      .groupBy(["month", "broker_id"])
      .execute(),
    db.kysely.selectFrom("brokers").select(["id", "name"]).execute(),
    // One pass over the weeks' range of the (permission, created_at) index, a sum per week.
    db.kysely
      .selectFrom("users")
      .select((eb) =>
        weeks.map((_, i) =>
          eb.fn
            .sum<number>(
              eb
                .case()
                .when(
                  eb.and([
                    eb("created_at", ">=", weekBounds[i]!),
                    eb("created_at", "<", weekBounds[i + 1]!),
                  ]),
                )
                .then(sql<number>`1`)
                .else(sql<number>`0`)
                .end(),
            )
            .as(`w${i}`),
        ),
      )
      .where("permission", "=", "member")
      .where("created_at", ">=", weekBounds[0]!)
      .executeTakeFirst(),
  ]);
  const perDay = new Map(daily.map((r) => [r.day, Number(r.amount ?? 0)]));
  const perMonth = new Map<string, number>();
  const perBroker = new Map<string, number>();
  for (const r of monthly) {
    const amount = Number(r.amount ?? 0);
    perMonth.set(r.month, (perMonth.get(r.month) ?? 0) + amount);
    perBroker.set(r.broker_id, (perBroker.get(r.broker_id) ?? 0) + amount);
  }
  const brokerName = new Map(brokers.map((b) => [b.id, b.name]));
  const weekly = (members ?? {}) as Record<string, number | string | null>;
  return {
    daily: days.map((day) => ({ day, amount: perDay.get(day) ?? 0 })),
    monthly: months.map((month) => ({ month, amount: perMonth.get(month) ?? 0 })),
    byBroker: [...perBroker]
      .map(([brokerId, amount]) => ({ brokerId, name: brokerName.get(brokerId) ?? "", amount }))
      .filter((r) => r.amount > 0)
      .sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name)),
    newMembersWeekly: weeks.map((week, i) => ({ week, count: Number(weekly[`w${i}`] ?? 0) })),
  };
}

/** Everything the admin home shows. */
export async function adminHome(db: Db, grants: Grants, now = new Date()) {
  const [queue, figs, chartData, second] = await Promise.all([
    workQueue(db, grants, now),
    figures(db, now),
    charts(db, now),
    awaitingSecond(db.kysely, grants),
  ]);
  return { queue, ...figs, charts: chartData, awaitingSecond: second };
}
