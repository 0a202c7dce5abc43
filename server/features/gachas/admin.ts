import { type Kysely, sql, type Transaction } from "kysely";
import type { z } from "zod";
import type { Db } from "#db";
import { newId } from "#db/id";
import type { Database, GachaMethod } from "#db/schema";
import { nowDb } from "#db/time";
import { AppError, found } from "../../errors";
import { columnsOf } from "../../lib/columns";
import { lockedRow } from "../../lib/locked";
import { fieldError } from "../../lib/field-error";
import { contains, listPage, memberMatches } from "../../lib/paging";
import { DRAW_COLUMNS } from "./logs";
import { oddsOf } from "./pick";
import {
  type adminListInput,
  type adminLogsInput,
  type GachaValues,
  MAX_REWARDS,
  type RewardValues,
} from "./schema";
import {
  drawWeight,
  GACHA_COLUMNS,
  type GachaDeps,
  logState,
  REWARD_COLUMNS,
  stateCondition,
  toGacha,
  toReward,
} from "./service";
import {
  createEntity,
  createWithImage,
  entityChange,
  type ImageUpload,
  updateWithImage,
} from "../admin/entity-image";

/**
 * The admin's side of gachas: create and edit gachas and their rewards (images checked and
 * stored under gachas/), every change audited in its own transaction, and each gacha's logs.
 */

// ------------------------------------------------------------------------------ gachas

const ADMIN_SORT = {
  startsAt: "gachas.starts_at",
  createdAt: "gachas.created_at",
  name: "gachas.name",
} as const;

export async function adminListGachas(db: Db, input: z.output<typeof adminListInput>) {
  const now = nowDb();
  const query = db.kysely
    .selectFrom("gachas")
    .select(GACHA_COLUMNS)
    .select((eb) => [
      eb
        .selectFrom("gacha_logs")
        .select(sql<number>`count(*)`.as("n"))
        .whereRef("gacha_logs.gacha_id", "=", "gachas.id")
        .as("draws"),
      eb
        .selectFrom("gacha_rewards")
        .select(sql<number>`count(*)`.as("n"))
        .whereRef("gacha_rewards.gacha_id", "=", "gachas.id")
        .where("gacha_rewards.active", "=", 1)
        .as("rewards"),
    ])
    .$if(!!input.q, (q) => q.where(contains("gachas.name", input.q!)));
  return listPage(query, input, ADMIN_SORT[input.sort], "gachas.id", (r) => ({
    ...toGacha(r, now),
    draws: Number(r.draws ?? 0),
    rewards: Number(r.rewards ?? 0),
  }));
}

async function gachaRow(db: Kysely<Database>, id: string) {
  const row = found(
    await db
      .selectFrom("gachas")
      .select(GACHA_COLUMNS)
      .where("gachas.id", "=", id)
      .executeTakeFirst(),
  );
  return row;
}

export async function adminGetGacha(db: Db, id: string) {
  const now = nowDb();
  const row = await gachaRow(db.kysely, id);
  const draws = await db.kysely
    .selectFrom("gacha_logs")
    .select(sql<number>`count(*)`.as("n"))
    .where("gacha_id", "=", id)
    .executeTakeFirst();
  return { ...toGacha(row, now), draws: Number(draws?.n ?? 0) };
}

export function createGacha(
  deps: GachaDeps,
  adminId: string,
  values: GachaValues,
  image: ImageUpload,
): Promise<{ id: string }> {
  return createEntity(deps, "gachas", "gacha", adminId, image, async (trx, created) => {
    await trx
      .insertInto("gachas")
      .values({ ...created, ...columnsOf(values) })
      .execute();
    return columnsOf(values);
  });
}

/** Whether a member has drawn the gacha (`gacha_id`) or won the reward (`reward_id`). */
async function drawn(trx: Kysely<Database>, by: "gacha_id" | "reward_id", id: string) {
  const log = await trx.selectFrom("gacha_logs").select("id").where(by, "=", id).executeTakeFirst();
  return log !== undefined;
}

export async function updateGacha(
  deps: GachaDeps,
  adminId: string,
  id: string,
  values: GachaValues,
  image: ImageUpload,
): Promise<void> {
  const { db } = deps;
  const audit = entityChange(adminId, "gacha", id, "update");
  await updateWithImage(deps, "gachas", image, audit, async (trx, keepImage) => {
    // The same lock a draw takes: an edit and a draw never interleave.
    const before = await lockedRow(db, trx.selectFrom("gachas").selectAll().where("id", "=", id));
    // A box drawn from cannot become weighted (or back): its stock and odds would lie.
    if (before.method !== values.method && (await drawn(trx, "gacha_id", id))) {
      throw fieldError("method", "gachaMethodLocked");
    }
    const after = { ...columnsOf(values), image_key: keepImage(before.image_key) };
    await trx
      .updateTable("gachas")
      .set({ ...after, updated_at: nowDb() })
      .where("id", "=", id)
      .execute();
    return { before, after, result: undefined };
  });
}

// ----------------------------------------------------------------------------- rewards

export async function adminRewards(db: Db, gachaId: string) {
  const gacha = await gachaRow(db.kysely, gachaId);
  const rows = await db.kysely
    .selectFrom("gacha_rewards")
    .select(REWARD_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom("gacha_logs")
        .select(sql<number>`count(*)`.as("n"))
        .whereRef("gacha_logs.reward_id", "=", "gacha_rewards.id")
        .as("drawn"),
    )
    .where("gacha_rewards.gacha_id", "=", gachaId)
    .orderBy("gacha_rewards.display_order")
    .orderBy("gacha_rewards.id")
    .execute();
  const odds = oddsOf(rows.map((r) => drawWeight(gacha.method, r)));
  return rows.map((r, i) => ({ ...toReward(r), drawn: Number(r.drawn ?? 0), odds: odds[i]! }));
}

export async function adminGetReward(db: Db, id: string) {
  const row = found(
    await db.kysely
      .selectFrom("gacha_rewards")
      .select(REWARD_COLUMNS)
      .where("gacha_rewards.id", "=", id)
      .executeTakeFirst(),
  );
  return toReward(row);
}

/** The reward's columns for the gacha's method: a weight for weighted, a stock for a box. */
function rewardColumns(method: GachaMethod, v: RewardValues) {
  if (method === "weighted" && v.weight === null) throw fieldError("weight", "required");
  if (method === "box" && v.stock === null) throw fieldError("stock", "required");
  return {
    ...columnsOf(v),
    weight: method === "weighted" ? v.weight : null,
    stock: method === "box" ? v.stock : null,
  };
}

/** Locks the gacha a reward belongs to (the lock a draw takes); its method decides the columns. */
async function lockGacha(db: Db, trx: Transaction<Database>, gachaId: string) {
  const gacha = await lockedRow(
    db,
    trx.selectFrom("gachas").select(["id", "method"]).where("id", "=", gachaId),
  );
  return gacha;
}

/** A reward's change is filed under the gacha it belongs to, as "gacha.reward.<verb>". */
function rewardChange(
  adminId: string,
  gachaId: string,
  rewardId: string,
  verb: "create" | "update",
) {
  return {
    actorId: adminId,
    action: `gacha.reward.${verb}` as const,
    targetType: "gacha",
    targetId: gachaId,
    data: { rewardId },
  };
}

export async function createReward(
  deps: GachaDeps,
  adminId: string,
  gachaId: string,
  values: RewardValues,
  image: ImageUpload,
): Promise<{ id: string }> {
  const { db } = deps;
  const id = newId();
  const audit = rewardChange(adminId, gachaId, id, "create");
  await createWithImage(deps, "gachas", image, audit, async (trx, key) => {
    const gacha = await lockGacha(db, trx, gachaId);
    const count = await trx
      .selectFrom("gacha_rewards")
      .select(sql<number>`count(*)`.as("n"))
      .where("gacha_id", "=", gachaId)
      .executeTakeFirst();
    if (Number(count?.n ?? 0) >= MAX_REWARDS) {
      throw new AppError("BAD_REQUEST", "gachaTooManyRewards", { max: MAX_REWARDS });
    }
    const columns = rewardColumns(gacha.method, values);
    const now = nowDb();
    await trx
      .insertInto("gacha_rewards")
      .values({
        id,
        gacha_id: gachaId,
        ...columns,
        image_key: key,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx.updateTable("gachas").set({ updated_at: now }).where("id", "=", gachaId).execute();
    return columns;
  });
  return { id };
}

/**
 * Edits a reward. Under the gacha's lock (the one a draw takes), so a stock set here is never
 * overwritten by a draw that read the old one, nor the other way round. What members already
 * won is a snapshot in their log and does not change.
 */
export async function updateReward(
  deps: GachaDeps,
  adminId: string,
  id: string,
  values: RewardValues,
  image: ImageUpload,
): Promise<{ gachaId: string }> {
  const { db } = deps;
  // The gacha the reward belongs to is known once the row is read.
  const audit = ({ gachaId }: { gachaId: string }) => rewardChange(adminId, gachaId, id, "update");
  return updateWithImage(deps, "gachas", image, audit, async (trx, keepImage) => {
    const owner = found(
      await trx
        .selectFrom("gacha_rewards")
        .select("gacha_id")
        .where("id", "=", id)
        .executeTakeFirst(),
    );
    const gachaId = owner.gacha_id;
    const gacha = await lockGacha(db, trx, gachaId);
    const before = await trx
      .selectFrom("gacha_rewards")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const columns = rewardColumns(gacha.method, values);
    if (before.kind !== values.kind && (await drawn(trx, "reward_id", id))) {
      throw fieldError("kind", "rewardKindLocked");
    }
    const after = { ...columns, image_key: keepImage(before.image_key) };
    const now = nowDb();
    await trx
      .updateTable("gacha_rewards")
      .set({ ...after, updated_at: now })
      .where("id", "=", id)
      .execute();
    await trx.updateTable("gachas").set({ updated_at: now }).where("id", "=", gachaId).execute();
    return { before, after, result: { gachaId } };
  });
}

// -------------------------------------------------------------------------------- admin: logs

export async function adminLogs(db: Db, input: z.output<typeof adminLogsInput>) {
  await gachaRow(db.kysely, input.gachaId);
  const now = nowDb();
  let query = db.kysely
    .selectFrom("gacha_logs")
    .innerJoin("users", "users.id", "gacha_logs.user_id")
    .select([...DRAW_COLUMNS, "users.id as user_id", "users.email", "users.nickname"])
    .where("gacha_logs.gacha_id", "=", input.gachaId);
  if (input.member) query = query.where((eb) => eb.or(memberMatches(input.member!)));
  if (input.state) query = query.where(stateCondition(input.state, now));
  return listPage(query, input, "gacha_logs.created_at", "gacha_logs.id", (r) => ({
    id: r.id,
    createdAt: r.created_at,
    cost: Number(r.cost),
    rewardKind: r.reward_kind,
    rewardName: r.reward_name,
    amount: r.amount === null ? null : Number(r.amount),
    validFrom: r.valid_from,
    validUntil: r.valid_until,
    usedAt: r.used_at,
    state: logState(r, now),
    member: { id: r.user_id, email: r.email, nickname: r.nickname },
  }));
}
