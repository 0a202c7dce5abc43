import type { MigrationDb } from "./support";
import { createIdTable, index, ownedBy } from "./support";

/**
 * What each broker pays and when (decision 019): cashback rates per account type, the
 * conditions in both languages and the crediting schedule. Import rows keep the amount their
 * lots × rate would have paid, so the preview can flag rows that differ.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("brokers").addColumn("conditions_ja", "varchar(2000)").execute();
  await db.schema.alterTable("brokers").addColumn("conditions_en", "varchar(2000)").execute();
  // monthly | weekly; null while the broker's schedule is not announced.
  await db.schema.alterTable("brokers").addColumn("credit_cycle", "varchar(16)").execute();
  // monthly: day of the month 1–28; weekly: ISO weekday 1 (Monday) – 5 (Friday).
  await db.schema.alterTable("brokers").addColumn("credit_day", "integer").execute();

  await createIdTable(db, "broker_rates")
    .addColumn("broker_id", "varchar(26)", ownedBy("brokers.id"))
    .addColumn("account_type", "varchar(60)", (c) => c.notNull())
    // jpy_per_lot | usd_per_lot | spread_percent
    .addColumn("kind", "varchar(16)", (c) => c.notNull())
    // The rate in hundredths: ¥1,000/lot = 100000, $7.50/lot = 750, 30% of the spread = 3000.
    .addColumn("value_x100", "bigint", (c) => c.notNull())
    .addColumn("display_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await index(db, "broker_rates_broker_idx", "broker_rates", ["broker_id", "display_order"]);

  // Yen the row's lots × the broker's nearest per-lot rate would pay; null when not checkable.
  await db.schema.alterTable("import_rows").addColumn("expected_yen", "bigint").execute();
  await db.schema
    .alterTable("import_batches")
    .addColumn("rows_rate_mismatch", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("import_batches").dropColumn("rows_rate_mismatch").execute();
  await db.schema.alterTable("import_rows").dropColumn("expected_yen").execute();
  await db.schema.dropTable("broker_rates").execute();
  for (const column of ["credit_day", "credit_cycle", "conditions_en", "conditions_ja"]) {
    await db.schema.alterTable("brokers").dropColumn(column).execute();
  }
}
