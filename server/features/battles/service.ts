import type { Kysely } from "kysely";
import type { Db } from "../../../db";
import { forUpdate } from "../../../db/dialect";
import { newId } from "../../../db/id";
import type { BattleStatus, Database } from "../../../db/schema";
import { nowDb } from "../../../db/time";
import { recordAudit } from "../../audit";
import { tokyoDay } from "../../domain/tokyo";
import { AppError, notFound } from "../../errors";
import { ensureWallets, HOUSE, inTransaction, memberWallet, post } from "../../ledger";
import { enqueueNotification } from "../../notify/outbox";
import type { BattleValues } from "./schema";

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
async function ownPlace(db: Kysely<Database>, period: Period, userId: string) {
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
async function prizesOf(db: Kysely<Database>, battleId: string) {
  const rows = await db
    .selectFrom("ranking_battle_prizes")
    .select(["rank", "amount"])
    .where("battle_id", "=", battleId)
    .orderBy("rank")
    .execute();
  return rows.map((r) => ({ rank: Number(r.rank), amount: Number(r.amount) }));
}

function prizeFor(prizes: { rank: number; amount: number }[], rank: number): number {
  return prizes.find((p) => p.rank === rank)?.amount ?? 0;
}

const BATTLE_COLUMNS = [
  "id",
  "title",
  "starts_on",
  "ends_on",
  "status",
  "settled_at",
  "created_at",
] as const;

type BattleRow = {
  id: string;
  title: string;
  starts_on: string;
  ends_on: string;
  status: BattleStatus;
  settled_at: string | null;
  created_at: string;
};

function toBattle(row: BattleRow, today: string) {
  return {
    id: row.id,
    title: row.title,
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
async function board(
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

// ------------------------------------------------------------------------------- members

/**
 * The battle a member's page shows: the one asked for, else the running one (the latest
 * started), else the latest that ended, else the next to come. Null when there is none.
 */
async function pickBattle(db: Kysely<Database>, id: string | undefined, today: string) {
  const base = () => db.selectFrom("ranking_battles").select(BATTLE_COLUMNS);
  if (id) return (await base().where("id", "=", id).executeTakeFirst()) ?? null;
  const running = await base()
    .where("starts_on", "<=", today)
    .where("ends_on", ">=", today)
    .orderBy("starts_on", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (running) return running;
  const past = await base()
    .where("ends_on", "<", today)
    .orderBy("ends_on", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (past) return past;
  return (
    (await base()
      .where("starts_on", ">", today)
      .orderBy("starts_on", "asc")
      .orderBy("id", "asc")
      .executeTakeFirst()) ?? null
  );
}

/** /users/cashback-battle: the battle, its prizes, the top by nickname, the member's place. */
export async function memberView(db: Db, userId: string, id: string | undefined, now = new Date()) {
  const today = tokyoToday(now);
  const others = await db.kysely
    .selectFrom("ranking_battles")
    .select(["id", "title", "starts_on", "ends_on"])
    .orderBy("starts_on", "desc")
    .orderBy("id", "desc")
    .limit(12)
    .execute();
  const battle = await pickBattle(db.kysely, id, today);
  if (!battle) {
    if (id) throw notFound();
    return { battle: null, prizes: [], top: [], me: null, battles: [] };
  }
  const prizes = await prizesOf(db.kysely, battle.id);
  const rows = await board(db.kysely, battle, prizes);
  let me: { rank: number | null; amount: number; optedOut: boolean; prize: number };
  const result =
    battle.status === "settled"
      ? await db.kysely
          .selectFrom("ranking_battle_results")
          .select(["rank", "amount", "prize"])
          .where("battle_id", "=", battle.id)
          .where("user_id", "=", userId)
          .executeTakeFirst()
      : undefined;
  if (result) {
    me = {
      rank: Number(result.rank),
      amount: Number(result.amount),
      optedOut: false,
      prize: Number(result.prize),
    };
  } else {
    const own = await ownPlace(db.kysely, battle, userId);
    // A settled battle without the member's row: outside the frozen top, no prize.
    me = { ...own, prize: battle.status === "settled" ? 0 : prizeFor(prizes, own.rank ?? 0) };
  }
  return {
    battle: toBattle(battle, today),
    prizes,
    top: rows.map((r) => ({
      rank: r.rank,
      nickname: r.nickname,
      amount: r.amount,
      prize: r.prize,
      isViewer: r.userId === userId,
    })),
    me,
    battles: others.map((b) => ({
      id: b.id,
      title: b.title,
      startsOn: b.starts_on,
      endsOn: b.ends_on,
    })),
  };
}

// --------------------------------------------------------------------------------- admin

export async function adminList(db: Db, now = new Date()) {
  const today = tokyoToday(now);
  const rows = await db.kysely
    .selectFrom("ranking_battles")
    .select(BATTLE_COLUMNS)
    .select((eb) => [
      eb
        .selectFrom("ranking_battle_prizes")
        .select((e) => e.fn.sum<number>("amount").as("n"))
        .whereRef("ranking_battle_prizes.battle_id", "=", "ranking_battles.id")
        .as("prize_total"),
      eb
        .selectFrom("ranking_battle_prizes")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("ranking_battle_prizes.battle_id", "=", "ranking_battles.id")
        .as("prize_ranks"),
    ])
    .orderBy("starts_on", "desc")
    .orderBy("id", "desc")
    .limit(200)
    .execute();
  return rows.map((r) => ({
    ...toBattle(r, today),
    prizeTotal: Number(r.prize_total ?? 0),
    prizeRanks: Number(r.prize_ranks ?? 0),
  }));
}

/** A battle for the admin: prizes, standings with real names, and whether it can be settled. */
export async function adminGet(db: Db, id: string, now = new Date()) {
  const today = tokyoToday(now);
  const battle = await db.kysely
    .selectFrom("ranking_battles")
    .select(BATTLE_COLUMNS)
    .select("settled_by")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!battle) throw notFound();
  const prizes = await prizesOf(db.kysely, id);
  const rows = await board(db.kysely, battle, prizes);
  const settledBy = battle.settled_by
    ? await db.kysely
        .selectFrom("users")
        .select("name")
        .where("id", "=", battle.settled_by)
        .executeTakeFirst()
    : undefined;
  const view = toBattle(battle, today);
  return {
    battle: { ...view, settledByName: settledBy?.name ?? null },
    prizes,
    standings: rows,
    canSettle: view.phase === "ended",
    prizeTotal: prizes.reduce((s, p) => s + p.amount, 0),
    paidTotal: rows.reduce((s, r) => s + r.prize, 0),
  };
}

async function writePrizes(
  trx: Kysely<Database>,
  battleId: string,
  prizes: BattleValues["prizes"],
) {
  await trx.deleteFrom("ranking_battle_prizes").where("battle_id", "=", battleId).execute();
  await trx
    .insertInto("ranking_battle_prizes")
    .values(prizes.map((p) => ({ battle_id: battleId, rank: p.rank, amount: p.amount })))
    .execute();
}

export async function createBattle(db: Db, adminId: string, values: BattleValues) {
  const id = newId();
  const now = nowDb();
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto("ranking_battles")
      .values({
        id,
        title: values.title,
        starts_on: values.startsOn,
        ends_on: values.endsOn,
        status: "open",
        settled_at: null,
        settled_by: null,
        created_by: adminId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await writePrizes(trx, id, values.prizes);
    await recordAudit(trx, {
      actorId: adminId,
      action: "battle.create",
      targetType: "ranking_battle",
      targetId: id,
      data: { startsOn: values.startsOn, endsOn: values.endsOn, prizes: values.prizes },
    });
  });
  return { id };
}

/** Edits an open battle; a settled one is final. */
export async function updateBattle(db: Db, adminId: string, id: string, values: BattleValues) {
  await inTransaction(db, async (trx) => {
    const battle = await forUpdate(
      db,
      trx.selectFrom("ranking_battles").select(["id", "status"]).where("id", "=", id),
    ).executeTakeFirst();
    if (!battle) throw notFound();
    if (battle.status === "settled") throw new AppError("CONFLICT", "battle.alreadySettled");
    await trx
      .updateTable("ranking_battles")
      .set({
        title: values.title,
        starts_on: values.startsOn,
        ends_on: values.endsOn,
        updated_at: nowDb(),
      })
      .where("id", "=", id)
      .execute();
    await writePrizes(trx, id, values.prizes);
    await recordAudit(trx, {
      actorId: adminId,
      action: "battle.update",
      targetType: "ranking_battle",
      targetId: id,
      data: { startsOn: values.startsOn, endsOn: values.endsOn, prizes: values.prizes },
    });
  });
  return { id };
}

/**
 * Settles an ended battle in one transaction: the battle row is locked (a second settle waits,
 * then finds it settled and is refused), the standings are frozen into ranking_battle_results
 * and every prize moves from the house under the key `battle:<battle id>:<user id>`, so even a
 * settle that slipped past the lock could not pay a member twice. Winners are notified through
 * the outbox in the same transaction.
 */
export async function settleBattle(db: Db, adminId: string, id: string, now = new Date()) {
  const today = tokyoToday(now);
  return inTransaction(db, async (trx) => {
    const battle = await forUpdate(
      db,
      trx
        .selectFrom("ranking_battles")
        .select(["id", "title", "starts_on", "ends_on", "status"])
        .where("id", "=", id),
    ).executeTakeFirst();
    if (!battle) throw notFound();
    if (battle.status === "settled") throw new AppError("CONFLICT", "battle.alreadySettled");
    if (today <= battle.ends_on) throw new AppError("BAD_REQUEST", "battle.notEnded");

    const prizes = await prizesOf(trx, id);
    const rows = await standings(trx, battle, Math.max(TOP, prizes.length));
    const winners = rows.filter((r) => prizeFor(prizes, r.rank) > 0);
    await ensureWallets(
      trx,
      db,
      winners.map((w) => w.userId),
    );
    const createdAt = nowDb();
    const results = rows.map((r) => ({
      id: newId(),
      battle_id: id,
      user_id: r.userId,
      rank: r.rank,
      amount: r.amount,
      prize: prizeFor(prizes, r.rank),
      ledger_tx_id: null as string | null,
      created_at: createdAt,
    }));
    for (let i = 0; i < results.length; i += 500) {
      await trx
        .insertInto("ranking_battle_results")
        .values(results.slice(i, i + 500))
        .execute();
    }
    let paid = 0;
    for (const r of results) {
      if (r.prize <= 0) continue;
      const { txId } = await post(trx, db, {
        key: `battle:${id}:${r.user_id}`,
        kind: "prize",
        refType: "ranking_battle",
        refId: id,
        postings: [
          { walletId: HOUSE, bucket: "available", amount: -r.prize },
          { walletId: memberWallet(r.user_id), bucket: "available", amount: r.prize },
        ],
      });
      await trx
        .updateTable("ranking_battle_results")
        .set({ ledger_tx_id: txId })
        .where("id", "=", r.id)
        .execute();
      await enqueueNotification(trx, {
        userId: r.user_id,
        kind: "battle_prize",
        payload: { battleId: id, title: battle.title, rank: r.rank, amount: r.prize },
        dedupeKey: `battle:${id}:${r.user_id}`,
      });
      paid += r.prize;
    }
    const updated = await trx
      .updateTable("ranking_battles")
      .set({ status: "settled", settled_at: createdAt, settled_by: adminId, updated_at: createdAt })
      .where("id", "=", id)
      .where("status", "=", "open")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      throw new AppError("CONFLICT", "battle.alreadySettled");
    }
    await recordAudit(trx, {
      actorId: adminId,
      action: "battle.settle",
      targetType: "ranking_battle",
      targetId: id,
      data: { ranked: results.length, winners: winners.length, paid },
    });
    return { id, ranked: results.length, winners: winners.length, paid };
  });
}
