import type { MigrationDb } from "./support";
import { byUser, createIdTable, ownedBy, timestamps, types } from "./support";

/**
 * Import profiles (decision 046): how to read one broker's own report. A batch keeps the
 * profile it was read with as it was then (JSON), so its job parses the file the way the
 * preview named; null is the built-in shape ("amount given"). A row keeps the report's symbol.
 */
export async function up(db: MigrationDb): Promise<void> {
  await timestamps(
    createIdTable(db, "import_profiles")
      .addColumn("broker_id", types.id, ownedBy("brokers.id"))
      .addColumn("name", "varchar(100)", (c) => c.notNull())
      // utf-8 | shift_jis
      .addColumn("encoding", "varchar(16)", (c) => c.notNull())
      .addColumn("delimiter", "varchar(4)", (c) => c.notNull())
      .addColumn("has_header", "integer", (c) => c.notNull().defaultTo(1))
      // { account, tradeDate, volume, commission, symbol, currency, rowKey }: a header name,
      // or "#n" for the nth column; null for an optional one not given.
      .addColumn("columns", "varchar(2000)", (c) => c.notNull())
      .addColumn("date_format", "varchar(40)", (c) => c.notNull())
      .addColumn("volume_divisor", "integer", (c) => c.notNull().defaultTo(1))
      .addColumn("decimal_comma", "integer", (c) => c.notNull().defaultTo(0))
      // The commission's currency when the report has no currency column.
      .addColumn("currency", "varchar(8)", (c) => c.notNull())
      .addColumn("updated_by", types.id, byUser),
  ).execute();
  await db.schema.alterTable("import_batches").addColumn("profile", "varchar(4000)").execute();
  await db.schema.alterTable("import_rows").addColumn("symbol", "varchar(32)").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("import_rows").dropColumn("symbol").execute();
  await db.schema.alterTable("import_batches").dropColumn("profile").execute();
  await db.schema.dropTable("import_profiles").execute();
}
