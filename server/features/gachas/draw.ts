import { sql } from "kysely";
import type { Db } from "#db";
import { forUpdate } from "#db/dialect";
import { newId } from "#db/id";
import { fromDbTime, nowDb, toDbTime } from "#db/time";
import { AppError, notFound } from "../../errors";
import { ensureWallet } from "../../ledger";
import { keyedRequest } from "../../ledger/keyed-request";
import { houseAvailable, memberAvailable, moveMoney } from "../../ledger/moves";
import { addToDigest } from "../../notify/digest";
import { cryptoUniform, pickIndex, type UniformInt } from "./pick";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DrawResult {
  logId: string;
  /** True when this request key had already drawn (a double submit): nothing happened now. */
  replayed: boolean;
}

async function existingDraw(db: Db, userId: string, requestKey: string) {
  return db.kysely
    .selectFrom("gacha_logs")
    .select("id")
    .where("user_id", "=", userId)
    .where("request_key", "=", requestKey)
    .executeTakeFirst();
}

/**
 * An item's validity for a draw at `now`: it starts at the reward's start date or now,
 * whichever is later, and ends at the reward's end date or after its number of days,
 * whichever comes first; no end means it never expires.
 */
export function itemValidity(
  reward: { valid_from: string | null; valid_until: string | null; valid_days: number | null },
  now: string,
): { from: string; until: string | null } {
  const from = reward.valid_from && reward.valid_from > now ? reward.valid_from : now;
  const ends: string[] = [];
  if (reward.valid_until) ends.push(reward.valid_until);
  if (reward.valid_days) {
    ends.push(toDbTime(new Date(fromDbTime(from).getTime() + reward.valid_days * DAY_MS)));
  }
  ends.sort();
  return { from, until: ends[0] ?? null };
}

/**
 * One draw, as one transaction: the period, the challenge limit, the cost, the pick, the stock
 * and the reward commit together or not at all.
 *
 * Concurrency: the gacha's row is locked first (FOR UPDATE on MySQL; SQLite runs one write
 * transaction at a time), so draws of one gacha queue. Inside, the member's counter is raised
 * with `plays = plays + 1 … WHERE plays < limit` and a box reward's stock lowered with
 * `stock = stock - 1 … WHERE stock > 0`; each must change exactly one row or the draw is
 * refused, so neither the limit nor the stock can be overrun even if the lock were missing.
 * Money goes through the ledger (cost: member → house, cash reward: house → member), whose
 * conditional update refuses a cost the wallet cannot pay. Lock order is always gacha, then
 * counter, then wallets (in id order, inside post), so draws cannot deadlock each other.
 *
 * The request key makes a double submit draw once: the second returns the first's log.
 */
export async function drawGacha(
  db: Db,
  userId: string,
  input: { gachaId: string; requestKey: string },
  random: UniformInt = cryptoUniform,
): Promise<DrawResult> {
  const already = await existingDraw(db, userId, input.requestKey);
  if (already) return { logId: already.id, replayed: true };

  const logId = newId();
  return keyedRequest(db, logId, {
    write: async (trx) => {
      const gacha = await forUpdate(
        db,
        trx
          .selectFrom("gachas")
          .select(["id", "starts_at", "ends_at", "cost", "method", "challenge_limit", "published"])
          .where("id", "=", input.gachaId),
      ).executeTakeFirst();
      if (!gacha || gacha.published !== 1) throw notFound();
      const now = nowDb();
      if (now < gacha.starts_at) throw new AppError("BAD_REQUEST", "gachaNotStarted");
      if (now >= gacha.ends_at) throw new AppError("BAD_REQUEST", "gachaEnded");

      // The member's counter: created at 0 on the first draw, then raised only below the limit.
      const counter = await trx
        .selectFrom("gacha_plays")
        .select("plays")
        .where("gacha_id", "=", gacha.id)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      if (!counter) {
        await trx
          .insertInto("gacha_plays")
          .values({
            gacha_id: gacha.id,
            user_id: userId,
            plays: 0,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      const raised = await trx
        .updateTable("gacha_plays")
        .set({ plays: sql`plays + 1`, updated_at: now })
        .where("gacha_id", "=", gacha.id)
        .where("user_id", "=", userId)
        .where("plays", "<", gacha.challenge_limit)
        .executeTakeFirst();
      if (Number(raised.numUpdatedRows) !== 1) {
        throw new AppError("BAD_REQUEST", "gachaLimitReached", { limit: gacha.challenge_limit });
      }

      const rewards = await trx
        .selectFrom("gacha_rewards")
        .select([
          "id",
          "name",
          "name_en",
          "kind",
          "amount",
          "weight",
          "stock",
          "valid_from",
          "valid_until",
          "valid_days",
        ])
        .where("gacha_id", "=", gacha.id)
        .where("active", "=", 1)
        .orderBy("display_order")
        .orderBy("id")
        .execute();
      const candidates = rewards.filter(
        (r) => Number((gacha.method === "weighted" ? r.weight : r.stock) ?? 0) > 0,
      );
      if (candidates.length === 0) {
        throw new AppError(
          "BAD_REQUEST",
          gacha.method === "box" ? "gachaSoldOut" : "gachaNoRewards",
        );
      }
      const weights = candidates.map((r) =>
        Number((gacha.method === "weighted" ? r.weight : r.stock) ?? 0),
      );
      const reward = candidates[pickIndex(weights, random)]!;

      if (gacha.method === "box") {
        const taken = await trx
          .updateTable("gacha_rewards")
          .set({ stock: sql`stock - 1`, updated_at: now })
          .where("id", "=", reward.id)
          .where("stock", ">", 0)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) throw new AppError("CONFLICT", "gachaSoldOut");
      }

      const validity = reward.kind === "item" ? itemValidity(reward, now) : null;
      const cost = Number(gacha.cost);
      const amount = reward.kind === "cash" ? Number(reward.amount ?? 0) : null;
      await trx
        .insertInto("gacha_logs")
        .values({
          id: logId,
          gacha_id: gacha.id,
          reward_id: reward.id,
          user_id: userId,
          request_key: input.requestKey,
          cost,
          reward_kind: reward.kind,
          reward_name: reward.name,
          reward_name_en: reward.name_en,
          amount,
          valid_from: validity?.from ?? null,
          valid_until: validity?.until ?? null,
          used_at: null,
          created_at: now,
        })
        .execute();

      await ensureWallet(trx, db, userId);
      // The draw's cost and its cash reward are both filed under its log.
      const drawRef = { refType: "gacha_log", refId: logId };
      if (cost > 0) {
        await moveMoney(
          trx,
          db,
          { ...drawRef, key: `gacha:${logId}:cost`, kind: "gacha_cost" },
          memberAvailable(userId),
          houseAvailable,
          cost,
        );
      }
      if (amount !== null && amount > 0) {
        await moveMoney(
          trx,
          db,
          { ...drawRef, key: `gacha:${logId}:reward`, kind: "gacha_reward" },
          houseAvailable,
          memberAvailable(userId),
          amount,
        );
        await addToDigest(trx, { userId, kind: "gacha_win", amount });
      }
      return { logId, replayed: false };
    },
    existing: () => existingDraw(db, userId, input.requestKey),
    answer: (row, replayed) => ({ logId: row.id, replayed }),
  });
}
