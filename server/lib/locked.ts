import type { SelectQueryBuilder } from "kysely";
import type { Db } from "#db";
import { forUpdate } from "#db/dialect";
import { found } from "../errors";

/**
 * The row `query` finds, locked until the transaction ends (on MySQL; SQLite writes one at a
 * time anyway), so a decision reads what it changes and two admins never interleave. None is
 * the usual "not found" refusal.
 */
export async function lockedRow<DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<O> {
  const row: O | undefined = await forUpdate(db, query).executeTakeFirst();
  return found(row);
}
