import type { Kysely, Transaction } from "kysely";
import type { AuditAction } from "../../domain/audit-actions";
import type { Db } from "#db";
import { upsert } from "#db/dialect";
import type { Database } from "#db/schema";
import { nowDb } from "#db/time";
import { recordAudit } from "../../audit";

/**
 * The settings table: one JSON value per key (the money settings, the affiliate default rate,
 * the Zengin requester), each validated by the feature that owns it. Every change is written
 * with its audit record in the caller's transaction.
 */

/** The key's stored JSON, parsed; undefined when the key was never saved or its text is damaged. */
export async function readSetting(db: Kysely<Database>, key: string): Promise<unknown> {
  const row = await db
    .selectFrom("settings")
    .select("value")
    .where("key", "=", key)
    .executeTakeFirst();
  return parseSetting(row?.value);
}

/** A stored value's JSON, parsed; undefined when there is none or its text is damaged. */
export function parseSetting(value: string | null | undefined): unknown {
  if (!value) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/** Saves the key's value and records who changed it from what to what, as `action`. */
export async function writeSetting(
  db: Db,
  trx: Transaction<Database>,
  change: {
    key: string;
    value: unknown;
    adminId: string;
    action: AuditAction;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  const value = JSON.stringify(change.value);
  const stamp = { value, updated_at: nowDb(), updated_by: change.adminId };
  await upsert(
    db,
    trx.insertInto("settings").values({ key: change.key, ...stamp }),
    ["key"],
    stamp,
  ).execute();
  await recordAudit(trx, {
    actorId: change.adminId,
    action: change.action,
    targetType: "settings",
    targetId: change.key,
    data: { before: change.before, after: change.after },
  });
}

/**
 * Replaces the key's value in a transaction of its own: the value it had is read with
 * `before` in that transaction, so the audit record names exactly what was replaced.
 */
export async function replaceSetting(
  db: Db,
  change: {
    key: string;
    value: unknown;
    adminId: string;
    action: AuditAction;
    before: (trx: Transaction<Database>) => Promise<unknown>;
    after: unknown;
  },
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await writeSetting(db, trx, { ...change, before: await change.before(trx) });
  });
}
