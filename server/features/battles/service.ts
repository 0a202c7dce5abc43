import type { Kysely } from "kysely";
import type { Db } from "#db";
import { newId } from "#db/id";
import type { Database, Language } from "#db/schema";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import { AppError, found, notFound } from "../../errors";
import { lockedRow } from "../../lib/locked";
import { inJapanese, localized } from "../../lib/localized";
import { ensureWallets, inTransaction } from "../../ledger";
import { houseAvailable, memberAvailable, moveMoney } from "../../ledger/moves";
import { addToDigest } from "../../notify/digest";
import { notify } from "../../notify/outbox";
import type { BattleValues } from "./schema";
import {
  BATTLE_COLUMNS,
  board,
  ownPlace,
  prizeFor,
  prizesOf,
  standings,
  TOP,
  toBattle,
  tokyoToday,
} from "./standings";

/**
 * Ranking battles for members (the running or a chosen battle, with the member's own place) and
 * for the admin (list, create, edit, settle). The standings themselves: ./standings.ts.
 */

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
export async function memberView(
  db: Db,
  userId: string,
  id: string | undefined,
  locale: Language,
  now = new Date(),
) {
  const today = tokyoToday(now);
  const others = await db.kysely
    .selectFrom("ranking_battles")
    .select(["id", "title", "title_en", "starts_on", "ends_on"])
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
    battle: toBattle(battle, today, locale),
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
      title: localized(b, "title", locale),
      japanese: { title: inJapanese(b, "title", locale) },
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
  const battle = found(
    await db.kysely
      .selectFrom("ranking_battles")
      .select(BATTLE_COLUMNS)
      .select("settled_by")
      .where("id", "=", id)
      .executeTakeFirst(),
  );
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

/** Writes the battle's prizes and the audit record of its period and prizes. */
async function writePrizesAudited(
  trx: Kysely<Database>,
  adminId: string,
  action: "battle.create" | "battle.update",
  id: string,
  values: BattleValues,
) {
  await writePrizes(trx, id, values.prizes);
  await recordAudit(trx, {
    actorId: adminId,
    action,
    targetType: "ranking_battle",
    targetId: id,
    data: {
      title: values.title,
      titleEn: values.titleEn ?? null,
      startsOn: values.startsOn,
      endsOn: values.endsOn,
      prizes: values.prizes,
    },
  });
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
        title_en: values.titleEn ?? null,
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
    await writePrizesAudited(trx, adminId, "battle.create", id, values);
  });
  return { id };
}

/** Edits an open battle; a settled one is final. */
export async function updateBattle(db: Db, adminId: string, id: string, values: BattleValues) {
  await inTransaction(db, async (trx) => {
    const battle = await lockedRow(
      db,
      trx.selectFrom("ranking_battles").select(["id", "status"]).where("id", "=", id),
    );
    if (battle.status === "settled") throw new AppError("CONFLICT", "battle.alreadySettled");
    await trx
      .updateTable("ranking_battles")
      .set({
        title: values.title,
        title_en: values.titleEn ?? null,
        starts_on: values.startsOn,
        ends_on: values.endsOn,
        updated_at: nowDb(),
      })
      .where("id", "=", id)
      .execute();
    await writePrizesAudited(trx, adminId, "battle.update", id, values);
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
    const battle = await lockedRow(
      db,
      trx
        .selectFrom("ranking_battles")
        .select(["id", "title", "starts_on", "ends_on", "status"])
        .where("id", "=", id),
    );
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
      const { txId } = await moveMoney(
        trx,
        db,
        { key: `battle:${id}:${r.user_id}`, kind: "prize", refType: "ranking_battle", refId: id },
        houseAvailable,
        memberAvailable(r.user_id),
        r.prize,
      );
      await trx
        .updateTable("ranking_battle_results")
        .set({ ledger_tx_id: txId })
        .where("id", "=", r.id)
        .execute();
      await addToDigest(trx, { userId: r.user_id, kind: "battle_prize", amount: r.prize });
      await notify(trx, {
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
