import type { Db } from "#db";
import { newId } from "#db/id";
import { nowDb, toDbTime } from "#db/time";
import { addTokyoDays, tokyoDayStart, tokyoMidnight } from "#domain/tokyo";

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The tables demo data is added to once, found again by a natural key (email, title, …). */
type SeededTable =
  | "users"
  | "brokers"
  | "broker_rates"
  | "broker_accounts"
  | "ea_licenses"
  | "presents"
  | "import_batches"
  | "import_profiles"
  | "cb_marathons"
  | "campaigns"
  | "gachas"
  | "eas"
  | "ranking_battles"
  | "popups"
  | "legal_documents"
  | "chat_threads";

/**
 * The id of the row whose columns equal `key` (one column or several, e.g. a broker and an
 * account number), when an earlier seed run (or an admin) already made it. Seeding checks this
 * before each insert, so it is safe to run again and never overwrites what an admin has since
 * edited.
 */
export async function existingId(
  db: Db,
  table: SeededTable,
  key: Record<string, string>,
): Promise<string | undefined> {
  let query = db.kysely.selectFrom(table).select("id");
  for (const [column, value] of Object.entries(key)) {
    query = query.where(db.kysely.dynamic.ref(column), "=", value);
  }
  return (await query.executeTakeFirst())?.id;
}

/** A new demo row's id and stamps, made by the demo admin as an admin's own rows are. */
export function newSeedRow(adminId: string) {
  const now = nowDb();
  return { id: newId(), created_by: adminId, created_at: now, updated_at: now };
}

/** The database time `days` days after the moment `from` (epoch ms; negative: before). */
export function daysFrom(from: number, days: number): string {
  return toDbTime(new Date(from + days * DAY_MS));
}

/**
 * Gives a demo row its English unless it has some: a database seeded before
 * content had English gets it, and an admin's own translation is never overwritten. The row is
 * found by its Japanese natural key (title or name), as the seed found it.
 */
export async function addEnglish(
  db: Db,
  table: "campaigns" | "gachas" | "gacha_rewards" | "eas" | "ranking_battles" | "popups",
  where: Record<string, string>,
  english: Record<string, string>,
): Promise<void> {
  const columns = Object.keys(english);
  let query = db.kysely.updateTable(table).set(english as never);
  for (const [column, value] of Object.entries(where)) {
    query = query.where(db.kysely.dynamic.ref(column), "=", value);
  }
  for (const column of columns) query = query.where(db.kysely.dynamic.ref(column), "is", null);
  await query.execute();
}

/**
 * A Tokyo wall-clock moment `days` days before the seed run's day, at hour:minute: when a demo
 * event happened (written with db/clock.ts `atTime`). Never later than the run itself.
 */
export function tokyoMomentAgo(
  days: number,
  hour: number,
  minute: number,
  from = Date.now(),
): Date {
  const day = addTokyoDays(tokyoDayStart(new Date(from)), -days);
  const at = new Date(day.getTime() + (hour * 60 + minute) * 60_000);
  return at.getTime() < from ? at : new Date(from - 60_000);
}

/** The Tokyo day `days` after the day "YYYY-MM-DD" (negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** hour:minute in Tokyo on the day "YYYY-MM-DD". */
export function tokyoMomentAt(day: string, hour: number, minute: number): Date {
  return new Date(tokyoMidnight(day).getTime() + (hour * 60 + minute) * 60_000);
}
