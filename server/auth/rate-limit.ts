import type { Db } from "../../db";
import { newId } from "../../db/id";
import { toDbTime } from "../../db/time";

/** Failed sign-ins allowed per window before further attempts are refused. */
export const LIMITS = {
  account: { max: 5, windowMs: 15 * 60 * 1000 },
  ip: { max: 20, windowMs: 15 * 60 * 1000 },
} as const;

export function accountKey(email: string): string {
  return `account:${email.trim().toLowerCase()}`.slice(0, 300);
}

export function ipKey(ip: string | null): string | null {
  return ip ? `ip:${ip}`.slice(0, 300) : null;
}

async function failuresSince(db: Db, key: string, since: Date): Promise<number> {
  const row = await db.kysely
    .selectFrom("auth_failures")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("key", "=", key)
    .where("created_at", ">", toDbTime(since))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Minutes to wait when the account or the address has used up its attempts, else 0. Kept in
 * the database so several web processes share one count.
 */
export async function lockedForMinutes(
  db: Db,
  keys: { account: string; ip: string | null },
): Promise<number> {
  const now = Date.now();
  const checks: [string, { max: number; windowMs: number }][] = [[keys.account, LIMITS.account]];
  if (keys.ip) checks.push([keys.ip, LIMITS.ip]);
  let wait = 0;
  for (const [key, limit] of checks) {
    const count = await failuresSince(db, key, new Date(now - limit.windowMs));
    if (count >= limit.max) wait = Math.max(wait, Math.ceil(limit.windowMs / 60_000));
  }
  return wait;
}

export async function recordFailure(
  db: Db,
  keys: { account: string; ip: string | null },
): Promise<void> {
  const now = new Date();
  const rows = [keys.account, keys.ip]
    .filter((k): k is string => k !== null)
    .map((key) => ({ id: newId(), key, created_at: toDbTime(now) }));
  await db.kysely.insertInto("auth_failures").values(rows).execute();
  // Old rows only cost space: trim this key's history beyond a day.
  const dayAgo = toDbTime(new Date(now.getTime() - 24 * 60 * 60 * 1000));
  await db.kysely
    .deleteFrom("auth_failures")
    .where(
      "key",
      "in",
      rows.map((r) => r.key),
    )
    .where("created_at", "<", dayAgo)
    .execute();
}

/** A successful sign-in forgives the account's failures (not the address's). */
export async function clearAccountFailures(db: Db, account: string): Promise<void> {
  await db.kysely.deleteFrom("auth_failures").where("key", "=", account).execute();
}
