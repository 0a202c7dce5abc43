import { sql } from "kysely";
import { isMysql, type MigrationDb } from "./support";

/**
 * Each staged import row carries the source key its cashback will have (broker | account |
 * trade date | row key), computed once when the file is read. The commit then writes the
 * history with one INSERT … SELECT per chunk and finds rows credited by an earlier batch with
 * an anti-join on the history's unique key, instead of rebuilding every key in the process.
 * Rows staged before this migration get theirs here, by the rule the commit used for them.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("import_rows").addColumn("source_key", "varchar(200)").execute();
  const key = isMysql(db)
    ? sql`concat(broker_id, '|', account_number, '|', trade_date, '|', row_key)`
    : sql`broker_id || '|' || account_number || '|' || trade_date || '|' || row_key`;
  await sql`update import_rows set source_key = ${key} where broker_id is not null and account_number is not null and trade_date is not null and row_key is not null`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("import_rows").dropColumn("source_key").execute();
}
