import type { Kysely } from "kysely";
import type { Db } from "#db";
import { insertIgnore } from "#db/dialect";
import type { Database, MarathonCourse } from "#db/schema";
import { nowDb } from "#db/time";
import { ensureWallets } from "../../ledger";
import { houseAvailable, memberAvailable, moveMoney } from "../../ledger/moves";
import { addToDigest } from "../../notify/digest";
import { notify } from "../../notify/outbox";
import { readInLists } from "../../lib/in-list";

/** The broker code whose accounts count toward the Axi course. */
export const AXI_BROKER_CODE = "AXI";

/** The key of a reached goal (one per member and goal): `<user id>_<marathon_number>`. */
export function marathonKey(userId: string, marathonNumber: number): string {
  return `${userId}_${marathonNumber}`;
}

interface MarathonWindow {
  course: MarathonCourse;
  starts_on: string;
  ends_on: string | null;
}

/**
 * Each member's cumulative cashback toward a marathon, from the daily summary (never the raw
 * history): days from the marathon's start to its end, only Axi accounts on the Axi course.
 */
export async function marathonTotals(
  db: Kysely<Database>,
  marathon: MarathonWindow,
  userIds: string[],
): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (let i = 0; i < userIds.length; i += 1000) {
    const slice = userIds.slice(i, i + 1000);
    if (slice.length === 0) continue;
    const rows = await db
      .selectFrom("cashback_daily")
      .innerJoin("brokers", "brokers.id", "cashback_daily.broker_id")
      .select([
        "cashback_daily.user_id",
        (eb) => eb.fn.sum<number>("cashback_daily.amount").as("total"),
      ])
      .where("cashback_daily.user_id", "in", slice)
      .where("cashback_daily.day", ">=", marathon.starts_on)
      .$if(marathon.ends_on !== null, (q) => q.where("cashback_daily.day", "<=", marathon.ends_on!))
      .$if(marathon.course === "axi", (q) => q.where("brokers.code", "=", AXI_BROKER_CODE))
      .groupBy("cashback_daily.user_id")
      .execute();
    for (const r of rows) totals.set(r.user_id, Number(r.total));
  }
  return totals;
}

/**
 * Credits the marathon goals these members have reached, inside the import's transaction (the
 * cashback that reached a goal and the goal's reward commit together). A reached goal is the
 * `marathons` row `<uid>_<marathon_number>` (its primary key: written once, even by two
 * overlapping imports), with is_modal 0 so the goal modal shows it; its reward moves from the
 * house under the idempotency key `marathon:<uid>_<number>`, so it is paid at most once; the
 * member's LINE notification is queued in the same transaction.
 */
export async function creditMarathonGoals(
  trx: Kysely<Database>,
  db: Db,
  userIds: string[],
): Promise<{ reached: number; rewarded: number }> {
  const users = [...new Set(userIds)];
  if (users.length === 0) return { reached: 0, rewarded: 0 };
  const marathons = await trx
    .selectFrom("cb_marathons")
    .select(["id", "course", "starts_on", "ends_on"])
    .where("active", "=", 1)
    .execute();
  if (marathons.length === 0) return { reached: 0, rewarded: 0 };
  const marathonIds = marathons.map((m) => m.id);
  const goals = await trx
    .selectFrom("cb_marathon_goals")
    .select([
      "id",
      "marathon_id",
      "marathon_number",
      "threshold",
      "reward",
      "modal_text",
      "modal_text_en",
    ])
    .where("marathon_id", "in", marathonIds)
    .orderBy("marathon_number")
    .execute();
  if (goals.length === 0) return { reached: 0, rewarded: 0 };

  const candidates: { userId: string; goal: (typeof goals)[number] }[] = [];
  for (const marathon of marathons) {
    const mine = goals.filter((g) => g.marathon_id === marathon.id);
    if (mine.length === 0) continue;
    const totals = await marathonTotals(trx, marathon, users);
    for (const [userId, total] of totals) {
      for (const goal of mine) {
        if (total >= Number(goal.threshold)) candidates.push({ userId, goal });
      }
    }
  }
  if (candidates.length === 0) return { reached: 0, rewarded: 0 };

  const keys = candidates.map((c) => marathonKey(c.userId, c.goal.marathon_number));
  const reachedRows = await readInLists(keys, (ids) =>
    trx.selectFrom("marathons").select("id").where("id", "in", ids).execute(),
  );
  const reachedBefore = new Set(reachedRows.map((r) => r.id));
  const fresh = candidates.filter(
    (c) => !reachedBefore.has(marathonKey(c.userId, c.goal.marathon_number)),
  );
  if (fresh.length === 0) return { reached: 0, rewarded: 0 };
  await ensureWallets(
    trx,
    db,
    fresh.filter((c) => Number(c.goal.reward) > 0).map((c) => c.userId),
  );

  let reached = 0;
  let rewarded = 0;
  for (const { userId, goal } of fresh) {
    const id = marathonKey(userId, goal.marathon_number);
    const now = nowDb();
    const inserted = await insertIgnore(
      db,
      trx.insertInto("marathons").values({
        id,
        uid: userId,
        marathon_number: goal.marathon_number,
        goal_id: goal.id,
        reward: Number(goal.reward),
        modal_text: goal.modal_text,
        modal_text_en: goal.modal_text_en,
        is_modal: 0,
        ledger_tx_id: null,
        created_at: now,
        updated_at: now,
      }),
    ).executeTakeFirst();
    // Written meanwhile by an overlapping import: that import pays the reward.
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) continue;
    reached += 1;
    const reward = Number(goal.reward);
    if (reward > 0) {
      const { txId } = await moveMoney(
        trx,
        db,
        { key: `marathon:${id}`, kind: "prize", refType: "marathon_goal", refId: id },
        houseAvailable,
        memberAvailable(userId),
        reward,
      );
      await trx.updateTable("marathons").set({ ledger_tx_id: txId }).where("id", "=", id).execute();
      await addToDigest(trx, { userId, kind: "marathon_reward", amount: reward });
      rewarded += 1;
    }
    await notify(trx, {
      userId,
      kind: "marathon_goal",
      payload: {
        marathonNumber: goal.marathon_number,
        reward: reward > 0 ? reward : null,
        text: goal.modal_text,
        textEn: goal.modal_text_en,
      },
      dedupeKey: `marathon:${id}`,
    });
  }
  return { reached, rewarded };
}

/**
 * Credits what a marathon just created or switched back on already owes: every member with
 * cashback inside its window is checked exactly as an import would check them (same keys, so
 * nothing is paid twice, and an import later finds those goals already reached).
 */
export async function creditExistingQualifiers(
  trx: Kysely<Database>,
  db: Db,
  marathon: MarathonWindow,
): Promise<{ reached: number; rewarded: number }> {
  const rows = await trx
    .selectFrom("cashback_daily")
    .select("user_id")
    .distinct()
    .where("day", ">=", marathon.starts_on)
    .$if(marathon.ends_on !== null, (q) => q.where("day", "<=", marathon.ends_on!))
    .execute();
  return creditMarathonGoals(
    trx,
    db,
    rows.map((r) => r.user_id),
  );
}
