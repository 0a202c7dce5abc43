import type { Kysely } from "kysely";
import type { BattleStatus, Database, Language } from "#db/schema";
import { inJapanese, localized } from "../../lib/localized";
import { tokyoDay } from "../../domain/tokyo";

/**
 * Ranking battles. Members are ranked by their cashback between the battle's two Tokyo dates,
 * read from the import's summaries (whole months from cashback_monthly, the other days from
 * cashback_daily; never the raw cashback rows);
 * members who opted out of the ranking are left out, as on /users/ranking. Ties share a rank
 * (competition ranking 1, 1, 3) and each tied member gets the prize of the shared rank
 * (docs/decisions/011-ranking-battle.md). Settling freezes the standings into
 * ranking_battle_results and credits the prizes through the ledger, once.
 */

/** Rows shown on the battle pages. */
export const TOP = 100;

/** Today's date in Tokyo ("2026-11-21"): battle periods are Tokyo dates. */
/** Today's Tokyo date, "YYYY-MM-DD". */
export function tokyoToday(now = new Date()): string {
  return tokyoDay(now);
}

/** Where a battle stands: upcoming, running, ended (waiting to be settled) or settled. */
export type BattlePhase = "upcoming" | "running" | "ended" | "settled";

export function phaseOf(
  battle: { starts_on: string; ends_on: string; status: BattleStatus },
  today: string,
): BattlePhase {
  if (battle.status === "settled") return "settled";
  if (today < battle.starts_on) return "upcoming";
  if (today <= battle.ends_on) return "running";
  return "ended";
}

interface Period {
  starts_on: string;
  ends_on: string;
}

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + by, 1)).toISOString().slice(0, 7);
}

function lastDayOf(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Which summary covers which part of a period: whole months from cashback_monthly (one row
 * per account and month instead of one per day), the days before and after them from
 * cashback_daily. Both are written by the import from the same rows (the month is the trade
 * date's), so the sum is the same as adding up the days, at a fraction of the rows.
 */
export function splitPeriod(period: Period): {
  months: { from: string; to: string } | null;
  days: { from: string; to: string }[];
} {
  const startMonth = period.starts_on.slice(0, 7);
  const endMonth = period.ends_on.slice(0, 7);
  const firstFull = period.starts_on.endsWith("-01") ? startMonth : shiftMonth(startMonth, 1);
  const lastFull = period.ends_on === lastDayOf(endMonth) ? endMonth : shiftMonth(endMonth, -1);
  if (firstFull > lastFull) {
    return { months: null, days: [{ from: period.starts_on, to: period.ends_on }] };
  }
  const days: { from: string; to: string }[] = [];
  const headEnd = dayBefore(`${firstFull}-01`);
  if (period.starts_on <= headEnd) days.push({ from: period.starts_on, to: headEnd });
  const tailStart = `${shiftMonth(lastFull, 1)}-01`;
  if (tailStart <= period.ends_on) days.push({ from: tailStart, to: period.ends_on });
  return { months: { from: firstFull, to: lastFull }, days };
}

/** Each member's cashback in the period (or one member's), one row per member. */
function periodTotals(db: Kysely<Database>, period: Period, userId?: string) {
  const { months, days } = splitPeriod(period);
  const parts = [
    ...(months
      ? [
          db
            .selectFrom("cashback_monthly")
            .select(["user_id", (eb) => eb.fn.sum<number>("amount").as("amount")])
            .where("month", ">=", months.from)
            .where("month", "<=", months.to)
            .$if(userId !== undefined, (q) => q.where("user_id", "=", userId!))
            .groupBy("user_id"),
        ]
      : []),
    ...days.map((range) =>
      db
        .selectFrom("cashback_daily")
        .select(["user_id", (eb) => eb.fn.sum<number>("amount").as("amount")])
        .where("day", ">=", range.from)
        .where("day", "<=", range.to)
        .$if(userId !== undefined, (q) => q.where("user_id", "=", userId!))
        .groupBy("user_id"),
    ),
  ];
  const union = parts.slice(1).reduce((all, part) => all.unionAll(part), parts[0]!);
  return db
    .selectFrom(union.as("p"))
    .select(["p.user_id", (eb) => eb.fn.sum<number>("p.amount").as("amount")])
    .groupBy("p.user_id");
}

/** Ranked members only: not opted out, not admins, some cashback in the period. */
function rankedQuery(db: Kysely<Database>, period: Period) {
  return db
    .selectFrom(periodTotals(db, period).as("t"))
    .innerJoin("users", "users.id", "t.user_id")
    .where("users.ranking_opt_out", "=", 0)
    .where("users.permission", "=", "member")
    .where("t.amount", ">", 0);
}

export interface Standing {
  rank: number;
  userId: string;
  nickname: string;
  name: string;
  amount: number;
}

/**
 * The standings of a period: everyone whose rank is at most `maxRank` (so members tied at the
 * last rank are all in), ordered by amount, then member id so the order never changes between
 * requests. Rank = 1 + the number of members with more.
 */
export async function standings(
  db: Kysely<Database>,
  period: Period,
  maxRank: number,
): Promise<Standing[]> {
  if (maxRank < 1) return [];
  // The amount at position maxRank: every member with at least that much ranks within it.
  const cut = await rankedQuery(db, period)
    .select("t.amount")
    .orderBy("t.amount", "desc")
    .orderBy("t.user_id", "asc")
    .offset(maxRank - 1)
    .limit(1)
    .executeTakeFirst();
  const rows = await rankedQuery(db, period)
    .select(["t.user_id", "t.amount", "users.nickname", "users.name"])
    .$if(cut !== undefined, (q) => q.where("t.amount", ">=", Number(cut!.amount)))
    .orderBy("t.amount", "desc")
    .orderBy("t.user_id", "asc")
    .execute();
  let rank = 0;
  let previous: number | null = null;
  return rows.map((r, i) => {
    const amount = Number(r.amount);
    if (amount !== previous) rank = i + 1;
    previous = amount;
    return { rank, userId: r.user_id, nickname: r.nickname, name: r.name, amount };
  });
}

/** One member's amount and rank in the period (rank null: nothing yet, or opted out). */
export async function ownPlace(db: Kysely<Database>, period: Period, userId: string) {
  const viewer = await db
    .selectFrom("users")
    .select("ranking_opt_out")
    .where("id", "=", userId)
    .executeTakeFirst();
  const own = await periodTotals(db, period, userId).executeTakeFirst();
  const amount = Number(own?.amount ?? 0);
  const optedOut = viewer?.ranking_opt_out === 1;
  let rank: number | null = null;
  if (!optedOut && amount > 0) {
    const above = await rankedQuery(db, period)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("t.amount", ">", amount)
      .executeTakeFirst();
    rank = Number(above?.n ?? 0) + 1;
  }
  return { rank, amount, optedOut };
}

/** The prize of each rank, 1..n in order. */
export async function prizesOf(db: Kysely<Database>, battleId: string) {
  const rows = await db
    .selectFrom("ranking_battle_prizes")
    .select(["rank", "amount"])
    .where("battle_id", "=", battleId)
    .orderBy("rank")
    .execute();
  return rows.map((r) => ({ rank: Number(r.rank), amount: Number(r.amount) }));
}

export function prizeFor(prizes: { rank: number; amount: number }[], rank: number): number {
  return prizes.find((p) => p.rank === rank)?.amount ?? 0;
}

export const BATTLE_COLUMNS = [
  "id",
  "title",
  "title_en",
  "starts_on",
  "ends_on",
  "status",
  "settled_at",
  "created_at",
] as const;

export type BattleRow = {
  id: string;
  title: string;
  title_en: string | null;
  starts_on: string;
  ends_on: string;
  status: BattleStatus;
  settled_at: string | null;
  created_at: string;
};

/**
 * A battle for a page. With a `locale` (a member's page) the title is in that language;
 * without (the admin), the Japanese title and its English ("" when not written).
 */
export function toBattle(row: BattleRow, today: string, locale?: Language) {
  return {
    id: row.id,
    title: locale ? localized(row, "title", locale) : row.title,
    titleEn: locale ? "" : (row.title_en ?? ""),
    /** Texts an English reader is shown in Japanese (no English written): marked on the page. */
    japanese: { title: locale ? inJapanese(row, "title", locale) : false },
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    status: row.status,
    phase: phaseOf(row, today),
    settledAt: row.settled_at,
  };
}

/**
 * The rows a page shows: the frozen results of a settled battle, the live standings otherwise,
 * each with the prize of its rank.
 */
export async function board(
  db: Kysely<Database>,
  battle: BattleRow,
  prizes: { rank: number; amount: number }[],
) {
  if (battle.status === "settled") {
    const rows = await db
      .selectFrom("ranking_battle_results")
      .innerJoin("users", "users.id", "ranking_battle_results.user_id")
      .select([
        "ranking_battle_results.rank",
        "ranking_battle_results.user_id",
        "ranking_battle_results.amount",
        "ranking_battle_results.prize",
        "users.nickname",
        "users.name",
      ])
      .where("ranking_battle_results.battle_id", "=", battle.id)
      .orderBy("ranking_battle_results.rank")
      .orderBy("ranking_battle_results.user_id")
      .limit(Math.max(TOP, prizes.length) * 2)
      .execute();
    return rows.map((r) => ({
      rank: Number(r.rank),
      userId: r.user_id,
      nickname: r.nickname,
      name: r.name,
      amount: Number(r.amount),
      prize: Number(r.prize),
    }));
  }
  const rows = await standings(db, battle, TOP);
  return rows.map((r) => ({ ...r, prize: prizeFor(prizes, r.rank) }));
}
