import type { Db } from "#db";
import { newId } from "#db/id";
import { nowDb, toDbTime } from "#db/time";
import { HOUR } from "./form-values";

export interface RewardRow {
  name: string;
  kind: "cash" | "item" | "none";
  amount?: number;
  validDays?: number;
}

/**
 * A free, published gacha open from an hour ago for a day, written straight into the database
 * for the tests that start from one (the admin's forms have a test of their own).
 */
export async function publishedGacha(
  db: Db,
  rewards: RewardRow[],
  options: { limit?: number; name?: string } = {},
) {
  const id = newId();
  const now = nowDb();
  await db.kysely
    .insertInto("gachas")
    .values({
      id,
      name: options.name ?? `E2E ${id.slice(-6)}`,
      description: "",
      image_key: null,
      starts_at: toDbTime(new Date(Date.now() - HOUR)),
      ends_at: toDbTime(new Date(Date.now() + 24 * HOUR)),
      cost: 0,
      method: "weighted",
      challenge_limit: options.limit ?? 3,
      published: 1,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  for (const [i, r] of rewards.entries()) {
    await db.kysely
      .insertInto("gacha_rewards")
      .values({
        id: newId(),
        gacha_id: id,
        name: r.name,
        image_key: null,
        kind: r.kind,
        amount: r.amount ?? null,
        weight: 1,
        stock: null,
        valid_from: null,
        valid_until: null,
        valid_days: r.validDays ?? null,
        active: 1,
        display_order: i,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  return id;
}
