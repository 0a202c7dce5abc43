import type { Kysely } from "kysely";
import { z } from "zod";
import type { Db } from "#db";
import { upsert } from "#db/dialect";
import type { Database } from "#db/schema";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import { AppError } from "../../errors";
import { readSetting, replaceSetting } from "../settings/store";
import { readInLists } from "../../lib/in-list";

/**
 * Affiliate rates, in basis points of the referred customer's cashback (1000 = 10%): one
 * default in the settings table and an optional override per referrer. Both are changed only
 * by an admin, with an audit row in the same transaction.
 */
export const DEFAULT_AFFILIATE_RATE_BP = 1000;
export const MAX_AFFILIATE_RATE_BP = 10_000;

const KEY = "affiliate";
const stored = z.object({ rateBp: z.number().int().min(0).max(MAX_AFFILIATE_RATE_BP) });

export async function getDefaultRate(db: Kysely<Database>): Promise<number> {
  // A missing or damaged row must not pay under unknown rules: the documented default.
  const parsed = stored.safeParse(await readSetting(db, KEY));
  return parsed.success ? parsed.data.rateBp : DEFAULT_AFFILIATE_RATE_BP;
}

export async function setDefaultRate(db: Db, adminId: string, rateBp: number): Promise<void> {
  const value = stored.parse({ rateBp });
  await replaceSetting(db, {
    key: KEY,
    value,
    adminId,
    action: "affiliate.rate.default",
    before: getDefaultRate,
    after: value.rateBp,
  });
}

/** Sets (rateBp) or removes (null) a member's override of the default rate. */
export async function setMemberRate(
  db: Db,
  adminId: string,
  userId: string,
  rateBp: number | null,
): Promise<void> {
  if (rateBp !== null) stored.parse({ rateBp });
  await db.kysely.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select("id")
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!user) throw new AppError("NOT_FOUND", "notFound");
    const before = await trx
      .selectFrom("affiliate_rates")
      .select("rate_bp")
      .where("user_id", "=", userId)
      .executeTakeFirst();
    const now = nowDb();
    if (rateBp === null) {
      await trx.deleteFrom("affiliate_rates").where("user_id", "=", userId).execute();
    } else {
      await upsert(
        db,
        trx
          .insertInto("affiliate_rates")
          .values({ user_id: userId, rate_bp: rateBp, updated_at: now, updated_by: adminId }),
        ["user_id"],
        { rate_bp: rateBp, updated_at: now, updated_by: adminId },
      ).execute();
    }
    await recordAudit(trx, {
      actorId: adminId,
      action: "affiliate.rate.member",
      targetType: "user",
      targetId: userId,
      data: { before: before?.rate_bp ?? null, after: rateBp },
    });
  });
}

/** The rate in force for each referrer: the override, else the default. */
export async function ratesFor(
  db: Kysely<Database>,
  referrerIds: string[],
): Promise<Map<string, number>> {
  const fallback = await getDefaultRate(db);
  const rates = new Map<string, number>(referrerIds.map((id) => [id, fallback]));
  const unique = [...new Set(referrerIds)];
  const rows = await readInLists(unique, (ids) =>
    db
      .selectFrom("affiliate_rates")
      .select(["user_id", "rate_bp"])
      .where("user_id", "in", ids)
      .execute(),
  );
  for (const r of rows) rates.set(r.user_id, Number(r.rate_bp));
  return rates;
}

/** A reward: the rate applied to the cashback, rounded down to the yen (integer arithmetic). */
export function rewardFor(cashback: number, rateBp: number): number {
  return Math.floor((cashback * rateBp) / 10_000);
}
