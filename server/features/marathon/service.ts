import type { Expression, QueryCreator } from "kysely";
import type { Db } from "#db";
import { inJapanese, localized } from "../../lib/localized";
import { isUniqueViolation } from "#db/dialect";
import { newId } from "#db/id";
import type { Database, Language, MarathonCourse } from "#db/schema";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";
import { AppError, notFound } from "../../errors";
import { FieldIssues } from "../../lib/field-error";
import { TRPCError } from "@trpc/server";
import { inTransaction } from "../../ledger";
import { creditExistingQualifiers, marathonTotals } from "./goals";
import type { CreateMarathonInput, GoalInput } from "./schema";

interface GoalRow {
  marathon_id: string;
  marathon_number: number;
  threshold: number | string;
  reward: number | string;
}

/** One marathon's goals, in the order they were read. */
function goalsOf<G extends GoalRow>(goals: G[], marathonId: string): G[] {
  return goals.filter((g) => g.marathon_id === marathonId);
}

/** A goal as the member's and the admin's pages show it, amounts as numbers whatever the driver returns. */
function goalFigures(g: GoalRow) {
  return {
    marathonNumber: g.marathon_number,
    threshold: Number(g.threshold),
    reward: Number(g.reward),
  };
}

/** A goal as the admin edits it; also its GROUP BY when counting who reached it. */
const ADMIN_GOAL_COLUMNS = [
  "cb_marathon_goals.id",
  "cb_marathon_goals.marathon_id",
  "cb_marathon_goals.marathon_number",
  "cb_marathon_goals.threshold",
  "cb_marathon_goals.reward",
  "cb_marathon_goals.modal_text",
  "cb_marathon_goals.modal_text_en",
] as const;

/**
 * The member's marathons of one course: the running ones (active), then the stopped ones in
 * which the member reached a goal, newest first; with nothing running and nothing reached, the
 * last marathon of the course, so the page shows how it ended. Every goal the goal modal
 * announces therefore belongs to a marathon this page shows, with its reward and date.
 */
export async function memberProgress(
  db: Db,
  userId: string,
  course: MarathonCourse,
  language: Language = "ja",
) {
  const columns = ["id", "title", "title_en", "starts_on", "ends_on", "active"] as const;
  const running = await db.kysely
    .selectFrom("cb_marathons")
    .select(columns)
    .where("course", "=", course)
    .where("active", "=", 1)
    .orderBy("starts_on", "desc")
    .orderBy("id")
    .execute();
  const reachedRows = await db.kysely
    .selectFrom("marathons")
    .innerJoin("cb_marathon_goals as g", "g.id", "marathons.goal_id")
    .select(["marathons.goal_id", "marathons.reward", "marathons.created_at", "g.marathon_id"])
    .where("marathons.uid", "=", userId)
    .execute();
  const reached = new Map(reachedRows.map((r) => [r.goal_id, r]));
  const stoppedWithGoals = [...new Set(reachedRows.map((r) => r.marathon_id))];
  let stopped = stoppedWithGoals.length
    ? await db.kysely
        .selectFrom("cb_marathons")
        .select(columns)
        .where("course", "=", course)
        .where("active", "=", 0)
        .where("id", "in", stoppedWithGoals)
        .orderBy("starts_on", "desc")
        .orderBy("id")
        .execute()
    : [];
  if (running.length === 0 && stopped.length === 0) {
    stopped = await db.kysely
      .selectFrom("cb_marathons")
      .select(columns)
      .where("course", "=", course)
      .orderBy("starts_on", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .execute();
  }
  const marathons = [...running, ...stopped];
  if (marathons.length === 0) return { course, marathons: [] };
  const goals = await db.kysely
    .selectFrom("cb_marathon_goals")
    .select(["id", "marathon_id", "marathon_number", "threshold", "reward"])
    .where(
      "marathon_id",
      "in",
      marathons.map((m) => m.id),
    )
    .orderBy("threshold")
    .orderBy("marathon_number")
    .execute();
  const out = [];
  for (const m of marathons) {
    const totals = await marathonTotals(db.kysely, { course, ...m }, [userId]);
    const total = totals.get(userId) ?? 0;
    out.push({
      id: m.id,
      title: localized(m, "title", language),
      japanese: { title: inJapanese(m, "title", language) },
      startsOn: m.starts_on,
      endsOn: m.ends_on,
      /** Stopped: no longer counts new cashback; shown for the goals reached in it. */
      ended: Number(m.active) !== 1,
      total,
      goals: goalsOf(goals, m.id).map((g) => {
        const mine = reached.get(g.id);
        return {
          ...goalFigures(g),
          reached: mine !== undefined,
          /** What the member was paid for it, and when (the goal's reward may change later). */
          paid: mine ? Number(mine.reward) : null,
          reachedAt: mine ? mine.created_at : null,
        };
      }),
    });
  }
  return { course, marathons: out };
}

/**
 * The member's reached goals the goal modal has not shown: what pendingGoals reads, and what the
 * session lookup asks with EXISTS (server/auth/session.ts), so a page with none sends no query.
 */
export function unshownGoals(qb: QueryCreator<Database>, userId: string | Expression<string>) {
  return qb.selectFrom("marathons").where("uid", "=", userId).where("is_modal", "=", 0);
}

/**
 * The member's reached goals not yet shown (is_modal false), oldest first.
 */
export async function pendingGoals(db: Db, userId: string, language: Language = "ja") {
  const rows = await unshownGoals(db.kysely, userId)
    .select(["id", "marathon_number", "modal_text", "modal_text_en", "reward", "created_at"])
    .orderBy("created_at", "asc")
    .orderBy("marathon_number", "asc")
    .limit(100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    marathonNumber: r.marathon_number,
    modalText: localized(r, "modal_text", language),
    japanese: { modalText: inJapanese(r, "modal_text", language) },
    reward: Number(r.reward),
  }));
}

/** After the modal showed them: is_modal true and updated_at refreshed, only the member's own. */
export async function markShown(db: Db, userId: string, ids: string[]) {
  const result = await db.kysely
    .updateTable("marathons")
    .set({ is_modal: 1, updated_at: nowDb() })
    .where("uid", "=", userId)
    .where("id", "in", ids)
    .where("is_modal", "=", 0)
    .executeTakeFirst();
  return { updated: Number(result.numUpdatedRows) };
}

/** Every marathon with its goals and how many members reached each. */
export async function adminList(db: Db) {
  const marathons = await db.kysely
    .selectFrom("cb_marathons")
    .select(["id", "course", "title", "title_en", "starts_on", "ends_on", "active", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(200)
    .execute();
  const ids = marathons.map((m) => m.id);
  const goals = ids.length
    ? await db.kysely
        .selectFrom("cb_marathon_goals")
        .leftJoin("marathons", "marathons.goal_id", "cb_marathon_goals.id")
        .select((eb) => [...ADMIN_GOAL_COLUMNS, eb.fn.count<number>("marathons.id").as("reached")])
        .where("cb_marathon_goals.marathon_id", "in", ids)
        .groupBy(ADMIN_GOAL_COLUMNS)
        .orderBy("cb_marathon_goals.marathon_number")
        .execute()
    : [];
  const maxNumber = await db.kysely
    .selectFrom("cb_marathon_goals")
    .select((eb) => eb.fn.max<number>("marathon_number").as("n"))
    .executeTakeFirst();
  return {
    nextNumber: Number(maxNumber?.n ?? 0) + 1,
    marathons: marathons.map((m) => ({
      id: m.id,
      course: m.course,
      title: m.title,
      titleEn: m.title_en,
      startsOn: m.starts_on,
      endsOn: m.ends_on,
      active: m.active === 1,
      goals: goalsOf(goals, m.id).map((g) => ({
        ...goalFigures(g),
        modalText: g.modal_text,
        modalTextEn: g.modal_text_en,
        reached: Number(g.reached),
      })),
    })),
  };
}

/** A marathon as the admin's editor saves it (English texts optional). */
export type MarathonValues = Omit<CreateMarathonInput, "titleEn" | "goals"> & {
  titleEn?: string | null;
  goals: (Omit<GoalInput, "modalTextEn"> & { modalTextEn?: string | null })[];
};

function goalColumns(g: MarathonValues["goals"][number]) {
  return {
    marathon_number: g.marathonNumber,
    threshold: g.threshold,
    reward: g.reward,
    modal_text: g.modalText,
    modal_text_en: g.modalTextEn ?? null,
  };
}

/** A new goal row of the marathon `marathonId`, stamped `now`. */
function newGoal(marathonId: string, g: MarathonValues["goals"][number], now: string) {
  return {
    id: newId(),
    marathon_id: marathonId,
    ...goalColumns(g),
    created_at: now,
    updated_at: now,
  };
}

const windowOf = (input: MarathonValues) => ({
  course: input.course,
  starts_on: input.startsOn,
  ends_on: input.endsOn ? input.endsOn : null,
});

/** A number another marathon's goal already has: a unique-key violation, said in the form. */
async function inTransactionNumbered<T>(db: Db, run: Parameters<typeof inTransaction<T>>[1]) {
  try {
    return await inTransaction(db, run);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "marathon.numberTaken");
    throw error;
  }
}

export async function createMarathon(db: Db, adminId: string, input: MarathonValues) {
  const id = newId();
  const now = nowDb();
  return inTransactionNumbered(db, async (trx) => {
    await trx
      .insertInto("cb_marathons")
      .values({
        id,
        course: input.course,
        title: input.title,
        title_en: input.titleEn ?? null,
        starts_on: input.startsOn,
        ends_on: input.endsOn ? input.endsOn : null,
        active: 1,
        created_by: adminId,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto("cb_marathon_goals")
      .values(input.goals.map((g) => newGoal(id, g, now)))
      .execute();
    await recordAudit(trx, {
      actorId: adminId,
      action: "marathon.create",
      targetType: "cb_marathon",
      targetId: id,
      data: { course: input.course, goals: input.goals.map((g) => g.marathonNumber) },
    });
    // Members who already qualify are credited now, not at the next import.
    const credited = await creditExistingQualifiers(trx, db, windowOf(input));
    return { id, credited };
  });
}

/**
 * Saves the editor's changes to a marathon. A goal is matched by its number: kept, changed,
 * added or removed. A goal someone has reached keeps its number, threshold and reward (its
 * reward is paid; changing them would pay the next member differently for the same goal);
 * its texts may change. Then, like an import, every member who now qualifies is credited:
 * the reached-goal keys make a second save pay nobody twice.
 */
export async function updateMarathon(
  db: Db,
  adminId: string,
  input: MarathonValues & { id: string },
) {
  return inTransactionNumbered(db, async (trx) => {
    const marathon = await trx
      .selectFrom("cb_marathons")
      .select(["id", "active"])
      .where("id", "=", input.id)
      .executeTakeFirst();
    if (!marathon) throw notFound();
    const existing = await trx
      .selectFrom("cb_marathon_goals")
      .leftJoin("marathons", "marathons.goal_id", "cb_marathon_goals.id")
      .select((eb) => [...ADMIN_GOAL_COLUMNS, eb.fn.count<number>("marathons.id").as("reached")])
      .where("cb_marathon_goals.marathon_id", "=", input.id)
      .groupBy(ADMIN_GOAL_COLUMNS)
      .execute();
    const byNumber = new Map(existing.map((g) => [g.marathon_number, g]));
    const issues: { message: string; path: PropertyKey[] }[] = [];
    input.goals.forEach((g, i) => {
      const before = byNumber.get(g.marathonNumber);
      if (!before || Number(before.reached) === 0) return;
      if (Number(before.threshold) !== g.threshold)
        issues.push({ message: "goalReachedLocked", path: ["goals", i, "threshold"] });
      if (Number(before.reward) !== g.reward)
        issues.push({ message: "goalReachedLocked", path: ["goals", i, "reward"] });
    });
    const kept = new Set(input.goals.map((g) => g.marathonNumber));
    const removed = existing.filter((g) => !kept.has(g.marathon_number));
    const reachedRemoved = removed.find((g) => Number(g.reached) > 0);
    if (reachedRemoved) {
      issues.push({ message: "goalReachedRemoved", path: ["goals"] });
    }
    if (issues.length > 0) {
      throw new TRPCError({
        code: "BAD_REQUEST",
        message: "validation",
        cause: new FieldIssues(issues),
      });
    }

    const now = nowDb();
    await trx
      .updateTable("cb_marathons")
      .set({
        course: input.course,
        title: input.title,
        title_en: input.titleEn ?? null,
        starts_on: input.startsOn,
        ends_on: input.endsOn ? input.endsOn : null,
        updated_at: now,
      })
      .where("id", "=", input.id)
      .execute();
    if (removed.length > 0) {
      await trx
        .deleteFrom("cb_marathon_goals")
        .where(
          "id",
          "in",
          removed.map((g) => g.id),
        )
        .execute();
    }
    for (const g of input.goals) {
      const before = byNumber.get(g.marathonNumber);
      if (before) {
        await trx
          .updateTable("cb_marathon_goals")
          .set({ ...goalColumns(g), updated_at: now })
          .where("id", "=", before.id)
          .execute();
      } else {
        await trx
          .insertInto("cb_marathon_goals")
          .values(newGoal(input.id, g, now))
          .execute();
      }
    }
    await recordAudit(trx, {
      actorId: adminId,
      action: "marathon.update",
      targetType: "cb_marathon",
      targetId: input.id,
      data: {
        course: input.course,
        goals: input.goals.map((g) => g.marathonNumber),
        removed: removed.map((g) => g.marathon_number),
      },
    });
    // A stopped marathon credits nobody; switching it back on credits what is owed then.
    const credited =
      marathon.active === 1
        ? await creditExistingQualifiers(trx, db, windowOf(input))
        : { reached: 0, rewarded: 0 };
    return { id: input.id, credited };
  });
}

export async function setActive(db: Db, adminId: string, id: string, active: boolean) {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable("cb_marathons")
      .set({ active: active ? 1 : 0, updated_at: nowDb() })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError("NOT_FOUND", "notFound");
    await recordAudit(trx, {
      actorId: adminId,
      action: active ? "marathon.activate" : "marathon.deactivate",
      targetType: "cb_marathon",
      targetId: id,
    });
    if (!active) return { id, credited: { reached: 0, rewarded: 0 } };
    // Switched back on: what members reached while it was off is credited now.
    const marathon = await trx
      .selectFrom("cb_marathons")
      .select(["course", "starts_on", "ends_on"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return { id, credited: await creditExistingQualifiers(trx, db, marathon) };
  });
}
