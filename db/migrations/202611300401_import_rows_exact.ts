import type { MigrationDb } from "./support";

/**
 * What an imported row was priced from, kept as the broker gave it: the volume in lots as an
 * exact decimal (lots_milli stays, rounded down, for totals and the previous release), the
 * trade time as written and in Tokyo time, and on the cashback the symbol and the commission
 * in its own currency. A profile states the report's time zone. Expand only: nullable columns
 * and a default.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable("import_profiles")
    .addColumn("time_zone", "varchar(64)", (c) => c.notNull().defaultTo("Asia/Tokyo"))
    .execute();
  for (const table of ["import_rows", "cashbacks"] as const) {
    await db.schema.alterTable(table).addColumn("lots_exact", "varchar(32)").execute();
    // Tokyo time "YYYY-MM-DD HH:MM:SS"; null when the report gives a day without a time.
    await db.schema.alterTable(table).addColumn("traded_at", "varchar(19)").execute();
  }
  await db.schema.alterTable("import_rows").addColumn("reported_at", "varchar(40)").execute();
  await db.schema.alterTable("cashbacks").addColumn("symbol", "varchar(32)").execute();
  await db.schema.alterTable("cashbacks").addColumn("commission_x10000", "bigint").execute();
  await db.schema.alterTable("cashbacks").addColumn("currency", "varchar(8)").execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("cashbacks").dropColumn("currency").execute();
  await db.schema.alterTable("cashbacks").dropColumn("commission_x10000").execute();
  await db.schema.alterTable("cashbacks").dropColumn("symbol").execute();
  await db.schema.alterTable("import_rows").dropColumn("reported_at").execute();
  for (const table of ["import_rows", "cashbacks"] as const) {
    await db.schema.alterTable(table).dropColumn("traded_at").execute();
    await db.schema.alterTable(table).dropColumn("lots_exact").execute();
  }
  await db.schema.alterTable("import_profiles").dropColumn("time_zone").execute();
}
