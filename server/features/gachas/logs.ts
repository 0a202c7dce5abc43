import { type Kysely } from "kysely";
import type { z } from "zod";
import type { Db } from "#db";
import type { Database, GachaRewardKind, Language } from "#db/schema";
import { nowDb } from "#db/time";
import { AppError, found, notFound } from "../../errors";
import { inJapanese, localized } from "../../lib/localized";
import { listPage } from "../../lib/paging";
import { type myLogsInput } from "./schema";
import { imageUrl, logState, stateCondition } from "./service";

/** A member's gacha log: what each draw gave, and marking a won item used, once. */

/** What a draw gave and its state: the part of a log row both the member and the admin see. */
export const DRAW_COLUMNS = [
  "gacha_logs.id",
  "gacha_logs.created_at",
  "gacha_logs.cost",
  "gacha_logs.reward_kind",
  "gacha_logs.reward_name",
  "gacha_logs.amount",
  "gacha_logs.valid_from",
  "gacha_logs.valid_until",
  "gacha_logs.used_at",
] as const;

const LOG_COLUMNS = [
  ...DRAW_COLUMNS,
  "gacha_logs.gacha_id",
  "gacha_logs.reward_name_en",
  "gachas.name as gacha_name",
  "gachas.name_en as gacha_name_en",
  "gacha_rewards.image_key as reward_image",
] as const;

function toLog(
  r: {
    id: string;
    gacha_id: string;
    created_at: string;
    cost: number;
    reward_kind: GachaRewardKind;
    reward_name: string;
    reward_name_en: string | null;
    amount: number | null;
    valid_from: string | null;
    valid_until: string | null;
    used_at: string | null;
    gacha_name: string;
    gacha_name_en: string | null;
    reward_image: string | null;
  },
  now: string,
  locale: Language,
) {
  return {
    id: r.id,
    gachaId: r.gacha_id,
    // The member's language; the reward's name as it was when drawn.
    gachaName: localized(r, "gacha_name", locale),
    createdAt: r.created_at,
    cost: Number(r.cost),
    rewardKind: r.reward_kind,
    rewardName: localized(r, "reward_name", locale),
    japanese: {
      gachaName: inJapanese(r, "gacha_name", locale),
      rewardName: inJapanese(r, "reward_name", locale),
    },
    rewardImageUrl: imageUrl(r.reward_image),
    amount: r.amount === null ? null : Number(r.amount),
    validFrom: r.valid_from,
    validUntil: r.valid_until,
    usedAt: r.used_at,
    state: logState(r, now),
  };
}

function logsOf(db: Kysely<Database>) {
  return db
    .selectFrom("gacha_logs")
    .innerJoin("gachas", "gachas.id", "gacha_logs.gacha_id")
    .innerJoin("gacha_rewards", "gacha_rewards.id", "gacha_logs.reward_id")
    .select(LOG_COLUMNS);
}

/** The member's own draws, newest first; only ever their own (the id comes from the session). */
export async function myLogs(
  db: Db,
  userId: string,
  input: z.output<typeof myLogsInput>,
  locale: Language,
) {
  const now = nowDb();
  let query = logsOf(db.kysely).where("gacha_logs.user_id", "=", userId);
  if (input.state) query = query.where(stateCondition(input.state, now));
  return listPage(query, input, "gacha_logs.created_at", "gacha_logs.id", (r) =>
    toLog(r, now, locale),
  );
}

/** One of the member's own draws (the reveal after a draw). Another member's is "not found". */
export async function myLog(db: Db, userId: string, id: string, locale: Language) {
  const row = found(
    await logsOf(db.kysely)
      .where("gacha_logs.id", "=", id)
      .where("gacha_logs.user_id", "=", userId)
      .executeTakeFirst(),
  );
  return toLog(row, nowDb(), locale);
}

/**
 * Marks one of the member's items used. The conditional UPDATE is the rule: only the owner's
 * item, not used yet, inside its validity period; anything else changes no row and is told why.
 */
export async function useItem(db: Db, userId: string, id: string) {
  const now = nowDb();
  const result = await db.kysely
    .updateTable("gacha_logs")
    .set({ used_at: now })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("reward_kind", "=", "item")
    .where("used_at", "is", null)
    .where((eb) => eb.or([eb("valid_from", "is", null), eb("valid_from", "<=", now)]))
    .where((eb) => eb.or([eb("valid_until", "is", null), eb("valid_until", ">", now)]))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return { id, usedAt: now };
  const row = await db.kysely
    .selectFrom("gacha_logs")
    .select(["reward_kind", "valid_from", "valid_until", "used_at", "user_id"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row || row.user_id !== userId) throw notFound();
  const state = logState(row, now);
  const key =
    state === "used"
      ? "itemAlreadyUsed"
      : state === "expired"
        ? "itemExpired"
        : state === "not_started"
          ? "itemNotStarted"
          : "itemNotUsable";
  throw new AppError("CONFLICT", key);
}
