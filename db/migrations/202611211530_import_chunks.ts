import { sql } from "kysely";
import { createIdTable, index, isMysql, type MigrationDb, ownedBy, types } from "./support";

/**
 * The import credits a batch in numbered chunks (a member's rows always in one chunk), and the
 * batch records the next chunk to credit in the same transaction as each chunk's credit. So a
 * commit needs no per-row bookkeeping to resume after a stop, and the staging table keeps only
 * the two indexes its readers use: the batch page (by status, in line order) and the commit
 * (by chunk). Staging rows are copies of a file, so they carry no foreign keys to members or
 * accounts; the cashback history they become does. The history's batch and ledger-movement
 * columns are kept for tracing, but nothing looks rows up by them, so their indexes go.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable("import_batches")
    .addColumn("next_chunk", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  // Rebuilt rather than altered: SQLite cannot drop a foreign key in place.
  await createIdTable(db, "import_rows_next")
    .addColumn("batch_id", types.id, ownedBy("import_batches.id"))
    .addColumn("line_no", "integer", (c) => c.notNull())
    // matched | unmatched | duplicate | error | credited
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    .addColumn("error", "varchar(64)")
    .addColumn("trade_date", "varchar(10)")
    .addColumn("broker_id", types.id)
    .addColumn("broker_text", "varchar(100)")
    .addColumn("account_number", "varchar(32)")
    .addColumn("lots_milli", "bigint")
    .addColumn("amount_text", "varchar(32)")
    .addColumn("currency", "varchar(8)")
    .addColumn("amount_yen", types.money)
    .addColumn("row_key", "varchar(100)")
    .addColumn("broker_account_id", types.id)
    .addColumn("user_id", types.id)
    // Set on matched rows: the chunk (one transaction) that credits them.
    .addColumn("chunk_no", "integer")
    .execute();
  await sql`insert into import_rows_next (id, batch_id, line_no, status, error, trade_date, broker_id, broker_text, account_number, lots_milli, amount_text, currency, amount_yen, row_key, broker_account_id, user_id, chunk_no) select id, batch_id, line_no, status, error, trade_date, broker_id, broker_text, account_number, lots_milli, amount_text, currency, amount_yen, row_key, broker_account_id, user_id, null from import_rows`.execute(
    db,
  );
  await db.schema.dropTable("import_rows").execute();
  await db.schema.alterTable("import_rows_next").renameTo("import_rows").execute();
  await index(db, "import_rows_batch_line_idx", "import_rows", ["batch_id", "status", "line_no"]);
  await index(db, "import_rows_batch_chunk_idx", "import_rows", ["batch_id", "chunk_no"]);

  for (const name of ["cashbacks_batch_idx", "cashbacks_ledger_tx_idx"]) {
    if (isMysql(db)) await db.schema.dropIndex(name).on("cashbacks").execute();
    else await db.schema.dropIndex(name).execute();
  }
}

export async function down(db: MigrationDb): Promise<void> {
  await index(db, "cashbacks_batch_idx", "cashbacks", ["batch_id"]);
  await index(db, "cashbacks_ledger_tx_idx", "cashbacks", ["ledger_tx_id"]);
  await db.schema.alterTable("import_rows").dropColumn("chunk_no").execute();
  await db.schema.alterTable("import_batches").dropColumn("next_chunk").execute();
}
