import { sql } from "kysely";
import type { z } from "zod";
import type { Db } from "#db";
import type { GachaMethod, GachaRewardKind, Language } from "#db/schema";
import { nowDb } from "#db/time";
import { found } from "../../errors";
import { getWallet } from "../../ledger";
import { inJapanese, localized } from "../../lib/localized";
import { byPhase, inPhase, phaseAt } from "../../lib/schedule";
import { mapRows, paginate } from "../../lib/paging";
import type { Logger } from "../../logger";
import { isStorageKey, type Storage } from "../../storage";
import { readShownImage } from "../../storage/uploads";
import { oddsOf } from "./pick";
import { type LogState, type memberListInput } from "./schema";

/**
 * Gachas: admins create them and their rewards; members see the open ones with their honest
 * odds, draw (see draw.ts), and keep a history of what they won. Images live in storage under
 * gachas/ and are served at /media/gachas/<file>.
 */

export interface GachaDeps {
  db: Db;
  storage: Storage;
  log: Logger;
}

export type GachaStatus = "upcoming" | "open" | "closed";

const MEDIA = "/media/gachas/";

export function imageUrl(key: string | null): string | null {
  return key && isStorageKey(key, "gachas") ? MEDIA + key.slice("gachas/".length) : null;
}

/** A gacha's phase in the words its pages use: an ended gacha is "closed". */
export function statusAt(gacha: { starts_at: string; ends_at: string }, now: string): GachaStatus {
  const phase = phaseAt(gacha, now);
  return phase === "ended" ? "closed" : phase;
}

/** The state of a won reward at `now`: an item's validity and use, or what cash / none did. */
export function logState(
  log: {
    reward_kind: GachaRewardKind;
    valid_from: string | null;
    valid_until: string | null;
    used_at: string | null;
  },
  now: string,
): LogState {
  if (log.reward_kind === "cash") return "credited";
  if (log.reward_kind === "none") return "none";
  if (log.used_at) return "used";
  if (log.valid_from && now < log.valid_from) return "not_started";
  if (log.valid_until && now >= log.valid_until) return "expired";
  return "available";
}

/**
 * The same states as one SQL condition on gacha_logs, so the history filters and pages in the
 * database. Plain comparisons of the fixed-width UTC text: the same on both engines.
 */
export function stateCondition(state: LogState, now: string) {
  const item = sql`gacha_logs.reward_kind = 'item' and gacha_logs.used_at is null`;
  const started = sql`(gacha_logs.valid_from is null or gacha_logs.valid_from <= ${now})`;
  switch (state) {
    case "credited":
      return sql<boolean>`gacha_logs.reward_kind = 'cash'`;
    case "none":
      return sql<boolean>`gacha_logs.reward_kind = 'none'`;
    case "used":
      return sql<boolean>`(gacha_logs.reward_kind = 'item' and gacha_logs.used_at is not null)`;
    case "not_started":
      return sql<boolean>`(${item} and gacha_logs.valid_from > ${now})`;
    case "expired":
      return sql<boolean>`(${item} and ${started} and gacha_logs.valid_until <= ${now})`;
    case "available":
      return sql<boolean>`(${item} and ${started} and (gacha_logs.valid_until is null or gacha_logs.valid_until > ${now}))`;
  }
}

/**
 * An image a gacha or a reward shows, for the media route. Only a file in use is served:
 * a replaced image, or any key outside gachas/, never comes out of this door.
 */
export function readGachaImage(deps: { db: Db; storage: Storage }, file: string) {
  return readShownImage(deps, "gachas", file, ["gachas", "gacha_rewards"]);
}

// ------------------------------------------------------------------------------ rows

export const GACHA_COLUMNS = [
  "gachas.id",
  "gachas.name",
  "gachas.description",
  "gachas.name_en",
  "gachas.description_en",
  "gachas.image_key",
  "gachas.starts_at",
  "gachas.ends_at",
  "gachas.cost",
  "gachas.method",
  "gachas.challenge_limit",
  "gachas.published",
  "gachas.created_at",
  "gachas.updated_at",
] as const;

export interface GachaRow {
  id: string;
  name: string;
  description: string;
  name_en: string | null;
  description_en: string | null;
  image_key: string | null;
  starts_at: string;
  ends_at: string;
  cost: number;
  method: GachaMethod;
  challenge_limit: number;
  published: number;
  created_at: string;
  updated_at: string;
}

/** A gacha as the admin edits it: the Japanese texts and their English ("" when not written). */
export function toGacha(row: GachaRow, now: string) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    nameEn: row.name_en ?? "",
    descriptionEn: row.description_en ?? "",
    imageUrl: imageUrl(row.image_key),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    cost: Number(row.cost),
    method: row.method,
    challengeLimit: row.challenge_limit,
    published: Number(row.published) === 1,
    status: statusAt(row, now),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const REWARD_COLUMNS = [
  "gacha_rewards.id",
  "gacha_rewards.gacha_id",
  "gacha_rewards.name",
  "gacha_rewards.name_en",
  "gacha_rewards.image_key",
  "gacha_rewards.kind",
  "gacha_rewards.amount",
  "gacha_rewards.weight",
  "gacha_rewards.stock",
  "gacha_rewards.valid_from",
  "gacha_rewards.valid_until",
  "gacha_rewards.valid_days",
  "gacha_rewards.active",
  "gacha_rewards.display_order",
] as const;

export interface RewardRow {
  id: string;
  gacha_id: string;
  name: string;
  name_en: string | null;
  image_key: string | null;
  kind: GachaRewardKind;
  amount: number | null;
  weight: number | null;
  stock: number | null;
  valid_from: string | null;
  valid_until: string | null;
  valid_days: number | null;
  active: number;
  display_order: number;
}

export function toReward(r: RewardRow) {
  return {
    id: r.id,
    gachaId: r.gacha_id,
    name: r.name,
    nameEn: r.name_en ?? "",
    imageUrl: imageUrl(r.image_key),
    kind: r.kind,
    amount: r.amount === null ? null : Number(r.amount),
    weight: r.weight === null ? null : Number(r.weight),
    stock: r.stock === null ? null : Number(r.stock),
    validFrom: r.valid_from,
    validUntil: r.valid_until,
    validDays: r.valid_days === null ? null : Number(r.valid_days),
    active: Number(r.active) === 1,
    displayOrder: Number(r.display_order),
  };
}

/** The drawable weight of a reward under the gacha's method (0 = cannot come out). */
export function drawWeight(
  method: GachaMethod,
  r: { active: number; weight: number | null; stock: number | null },
) {
  if (Number(r.active) !== 1) return 0;
  return Math.max(0, Number((method === "weighted" ? r.weight : r.stock) ?? 0));
}

/** Every reward of a gacha with how often it has come out and its current odds. */
// ------------------------------------------------------------------------------------ members

/** Box gachas: the pieces left in the box (active rewards' stock); null for weighted. */
function remainingSql() {
  return sql<
    number | null
  >`(select sum(r.stock) from gacha_rewards r where r.gacha_id = gachas.id and r.active = 1)`;
}

/** The published gachas, each with the member's own draws so far and what a box has left. */
function gachasForMember(db: Db, userId: string) {
  return db.kysely
    .selectFrom("gachas")
    .leftJoin("gacha_plays", (join) =>
      join.onRef("gacha_plays.gacha_id", "=", "gachas.id").on("gacha_plays.user_id", "=", userId),
    )
    .select(GACHA_COLUMNS)
    .select(["gacha_plays.plays", remainingSql().as("remaining")])
    .where("gachas.published", "=", 1);
}

/**
 * The published gachas for a member: open first, then upcoming, then closed, each with the
 * member's own draws so far ("already played", and how many remain).
 */
export async function memberListGachas(
  db: Db,
  userId: string,
  input: z.output<typeof memberListInput>,
  locale: Language,
) {
  const now = nowDb();
  let query = gachasForMember(db, userId);
  if (input.filter === "played") query = query.where("gacha_plays.plays", ">", 0);
  else if (input.filter === "closed") query = query.where(inPhase("gachas", "ended", now));
  else if (input.filter) query = query.where(inPhase("gachas", input.filter, now));
  const page = await paginate(query, input, byPhase("gachas", now, input.dir));
  return mapRows(page, (r) => memberGacha(r, Number(r.plays ?? 0), r.remaining, now, locale));
}

/** A gacha as a member reads it: its texts in the member's language. */
function memberGacha(
  row: GachaRow,
  plays: number,
  remaining: number | string | null,
  now: string,
  locale: Language,
) {
  const { nameEn: _nameEn, descriptionEn: _descriptionEn, ...gacha } = toGacha(row, now);
  const left = row.method === "box" ? Number(remaining ?? 0) : null;
  return {
    ...gacha,
    name: localized(row, "name", locale),
    description: localized(row, "description", locale),
    /** Texts an English reader is shown in Japanese (no English written): marked on the page. */
    japanese: {
      name: inJapanese(row, "name", locale),
      description: row.description !== "" && inJapanese(row, "description", locale),
    },
    plays,
    playsLeft: Math.max(0, gacha.challengeLimit - plays),
    played: plays > 0,
    soldOut: left !== null && left <= 0,
    remaining: left,
  };
}

/** A published gacha, its drawable rewards with their odds, and where the member stands. */
export async function memberGetGacha(db: Db, userId: string, id: string, locale: Language) {
  const now = nowDb();
  const row = found(
    await gachasForMember(db, userId).where("gachas.id", "=", id).executeTakeFirst(),
  );
  const rewards = await db.kysely
    .selectFrom("gacha_rewards")
    .select(REWARD_COLUMNS)
    .where("gacha_id", "=", id)
    .where("active", "=", 1)
    .orderBy("display_order")
    .orderBy("id")
    .execute();
  const weights = rewards.map((r) => drawWeight(row.method, r));
  const odds = oddsOf(weights);
  const total = weights.reduce((s, w) => s + w, 0);
  // What one draw pays back in cash on average, at today's odds: shown beside the cost.
  const expectedCash =
    total > 0
      ? Math.floor(
          rewards.reduce(
            (sum, r, i) => sum + (r.kind === "cash" ? Number(r.amount ?? 0) * weights[i]! : 0),
            0,
          ) / total,
        )
      : 0;
  const wallet = await getWallet(db.kysely, userId);
  return {
    ...memberGacha(row, Number(row.plays ?? 0), row.remaining, now, locale),
    rewards: rewards.map((r, i) => {
      const reward = toReward(r);
      return {
        id: reward.id,
        name: localized(r, "name", locale),
        nameInJapanese: inJapanese(r, "name", locale),
        imageUrl: reward.imageUrl,
        kind: reward.kind,
        amount: reward.amount,
        validFrom: reward.validFrom,
        validUntil: reward.validUntil,
        validDays: reward.validDays,
        stock: row.method === "box" ? reward.stock : null,
        odds: odds[i]!,
      };
    }),
    totalWeight: total,
    expectedCash,
    balance: wallet.available,
  };
}
