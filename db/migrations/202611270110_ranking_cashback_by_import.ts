import { sql } from "kysely";
import { isMysql, type MigrationDb } from "./support";
import { triggers } from "./202611211610_ranking_totals";

/**
 * The cashback ranking totals are added by the import, one grouped upsert per chunk
 * (addCashbackToRanking), instead of by triggers on cashback_monthly that ran three upserts per
 * summary row: the import is the only writer of that summary, and the triggers were the
 * largest part of its commit (decision 032). The withdrawal, affiliate and users
 * triggers stay.
 */
const CASHBACK_TRIGGERS = ["ranking_cashback_ins", "ranking_cashback_upd", "ranking_cashback_del"];

export async function up(db: MigrationDb): Promise<void> {
  for (const name of CASHBACK_TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const statement of triggers(isMysql(db))) {
    if (CASHBACK_TRIGGERS.some((name) => statement.includes(`trigger ${name} `)))
      await sql.raw(statement).execute(db);
  }
}
