import type { MigrationDb } from "./support";
import { byUser, createIdTable, createTable, index, ownedBy, types } from "./support";

/**
 * The cashback engine: broker rebate reports are imported as batches of rows, matched to
 * approved accounts, and credited once. The history row's source key is unique in the
 * database, so the same report row can never be credited twice, whatever the files.
 */
export async function up(db: MigrationDb): Promise<void> {
  await createIdTable(db, "import_batches")
    .addColumn("file_name", "varchar(255)", (c) => c.notNull())
    .addColumn("file_sha256", "varchar(64)", (c) => c.notNull())
    // previewed → committing → committed
    .addColumn("status", "varchar(16)", (c) => c.notNull())
    // Yen per US dollar for the batch, in millionths (151.234 → 151234000); null without USD rows.
    .addColumn("usd_rate_micro", "bigint")
    .addColumn("rows_total", "integer", (c) => c.notNull())
    .addColumn("rows_matched", "integer", (c) => c.notNull())
    .addColumn("rows_unmatched", "integer", (c) => c.notNull())
    .addColumn("rows_duplicate", "integer", (c) => c.notNull())
    .addColumn("rows_error", "integer", (c) => c.notNull())
    .addColumn("rows_credited", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("amount_credited", types.money, (c) => c.notNull().defaultTo(0))
    .addColumn("created_by", types.id, byUser)
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .addColumn("committed_by", types.id, byUser)
    .addColumn("committed_at", types.timestamp)
    .execute();
  await index(db, "import_batches_created_idx", "import_batches", ["created_at"]);
  await index(db, "import_batches_created_by_idx", "import_batches", ["created_by"]);
  await index(db, "import_batches_committed_by_idx", "import_batches", ["committed_by"]);

  await createIdTable(db, "import_rows")
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
    .addColumn("broker_account_id", types.id, (c) => c.references("broker_accounts.id"))
    .addColumn("user_id", types.id, (c) => c.references("users.id"))
    .execute();
  await index(db, "import_rows_batch_status_idx", "import_rows", ["batch_id", "status", "line_no"]);
  await index(db, "import_rows_broker_idx", "import_rows", ["broker_id"]);
  await index(db, "import_rows_account_idx", "import_rows", [
    "broker_id",
    "account_number",
    "status",
  ]);
  await index(db, "import_rows_broker_account_idx", "import_rows", ["broker_account_id"]);
  await index(db, "import_rows_user_idx", "import_rows", ["user_id"]);
  await index(db, "import_rows_batch_credit_idx", "import_rows", [
    "batch_id",
    "status",
    "user_id",
    "line_no",
  ]);

  await createIdTable(db, "cashbacks")
    // broker id | account number | trade date | the report's own row key
    .addColumn("source_key", "varchar(200)", (c) => c.notNull().unique())
    .addColumn("user_id", types.id, (c) => c.notNull().references("users.id"))
    .addColumn("broker_account_id", types.id, (c) => c.notNull().references("broker_accounts.id"))
    .addColumn("broker_id", types.id, (c) => c.notNull().references("brokers.id"))
    .addColumn("trade_date", "varchar(10)", (c) => c.notNull())
    .addColumn("lots_milli", "bigint", (c) => c.notNull())
    .addColumn("amount", types.money, (c) => c.notNull())
    // Where the row came from and which ledger movement paid it: recorded for tracing, not
    // enforced, so the hot insert path keeps only the indexes pages use.
    .addColumn("batch_id", types.id, (c) => c.notNull())
    .addColumn("ledger_tx_id", types.id, (c) => c.notNull())
    .addColumn("created_at", types.timestamp, (c) => c.notNull())
    .execute();
  await index(db, "cashbacks_user_date_idx", "cashbacks", ["user_id", "trade_date", "id"]);
  await index(db, "cashbacks_broker_date_idx", "cashbacks", ["broker_id", "trade_date"]);
  await index(db, "cashbacks_account_date_idx", "cashbacks", ["broker_account_id", "trade_date"]);
  await index(db, "cashbacks_date_idx", "cashbacks", ["trade_date", "id"]);
  await index(db, "cashbacks_batch_idx", "cashbacks", ["batch_id"]);
  await index(db, "cashbacks_ledger_tx_idx", "cashbacks", ["ledger_tx_id"]);

  await summaryTable(db, "cashback_daily", "day", "varchar(10)");
  await summaryTable(db, "cashback_monthly", "month", "varchar(7)");
}

/**
 * A cashback summary per broker account and period (day or month), with its indexes. Maintained
 * in the same transaction as the credit: pages read these, never sum raw history. Derived from
 * cashbacks (which holds the references), so no foreign keys of their own.
 */
async function summaryTable(
  db: MigrationDb,
  table: string,
  period: "day" | "month",
  periodType: "varchar(10)" | "varchar(7)",
): Promise<void> {
  await createTable(db, table)
    .addColumn("broker_account_id", types.id, (c) => c.notNull())
    .addColumn(period, periodType, (c) => c.notNull())
    .addColumn("user_id", types.id, (c) => c.notNull())
    .addColumn("broker_id", types.id, (c) => c.notNull())
    .addColumn("amount", types.money, (c) => c.notNull())
    .addColumn("lots_milli", "bigint", (c) => c.notNull())
    .addColumn("rows", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint(`${table}_pk`, ["broker_account_id", period])
    .execute();
  await index(db, `${table}_user_idx`, table, ["user_id", period]);
  await index(db, `${table}_broker_idx`, table, ["broker_id", period]);
  await index(db, `${table}_${period}_idx`, table, [period]);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    "cashback_monthly",
    "cashback_daily",
    "cashbacks",
    "import_rows",
    "import_batches",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
